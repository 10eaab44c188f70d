import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { apiFetch, createQueryClient } from '@kasa/api-client';
import { LANGUAGE_STORAGE_KEY } from '@kasa/ui';
import { ShellApp } from '../ShellApp';
import { RUNTIME_CONFIG } from '../testing/runtime-config';

const user = { id: 'u1', username: 'amina', email: null, createdAt: '2026-01-01T00:00:00.000Z' };
const unavailable = {
  statusCode: 503,
  error: 'Service Unavailable',
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service is briefly unavailable. Please try again in a moment.',
  path: '/api/chat/conversations',
  requestId: 'r1',
  timestamp: new Date(0).toISOString(),
};

/** A remote reading its list the way every remote does: through @kasa/api-client. */
function ListingRemote() {
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void apiFetch<{ conversations: unknown[] }>('/api/chat/conversations').then(
            (body) => setLoaded(`loaded ${body.conversations.length}`),
            () => setLoaded('failed'),
          )
        }
      >
        Load
      </button>
      <output data-testid="loaded" />
    </>
  );
}
function setLoaded(text: string) {
  const output = document.querySelector('[data-testid="loaded"]');
  if (output) output.textContent = text;
}

/** The network boundary: the session is accepted; the list answers 503 `failures` times, then 200. */
function stubFetch(failures: number) {
  let listCalls = 0;
  const fetchMock = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    let status = 200;
    let body: unknown = { user };
    if (url === '/api/chat/conversations') {
      listCalls++;
      [status, body] = listCalls <= failures ? [503, unavailable] : [200, { conversations: [] }];
    }
    const text = JSON.stringify(body);
    return {
      ok: status < 300,
      status,
      statusText: status === 503 ? 'Service Unavailable' : 'OK',
      headers: new Headers({
        'content-type': 'application/json',
        ...(status === 503 ? { 'Retry-After': '1' } : {}),
      }),
      json: async () => JSON.parse(text),
      text: async () => text,
    } as Response;
  });
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  return { listCalls: () => listCalls };
}

async function renderSignedIn() {
  localStorage.setItem('auth_token', 'token-1');
  render(
    <MemoryRouter initialEntries={['/chat']}>
      <ShellApp
        loadConfig={() => Promise.resolve(RUNTIME_CONFIG)}
        initialConfig={RUNTIME_CONFIG}
        createRemoteLoader={() => () => Promise.resolve(ListingRemote)}
        queryClient={createQueryClient()}
      />
    </MemoryRouter>,
  );
  await screen.findByRole('button', { name: 'Load' });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

it('says the app is briefly unavailable while a read is retried, then clears when it succeeds', async () => {
  const network = stubFetch(1);
  await renderSignedIn();
  await userEvent.click(screen.getByRole('button', { name: 'Load' }));
  const notice = await screen.findByText(`${RUNTIME_CONFIG.appName} is briefly unavailable, retrying...`);
  expect(notice).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('loaded')).toHaveTextContent('loaded 0'), { timeout: 4000 });
  expect(network.listCalls()).toBe(2);
  await waitFor(() =>
    expect(
      screen.queryByText(`${RUNTIME_CONFIG.appName} is briefly unavailable, retrying...`),
    ).not.toBeInTheDocument(),
  );
});

it('says it in French for a French reader', async () => {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
  stubFetch(1);
  await renderSignedIn();
  await userEvent.click(screen.getByRole('button', { name: 'Load' }));
  expect(
    await screen.findByText(
      `${RUNTIME_CONFIG.appName} est momentanément indisponible, nouvel essai en cours...`,
    ),
  ).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('loaded')).toHaveTextContent('loaded 0'), { timeout: 4000 });
});
