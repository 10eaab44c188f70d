// Export from the top bar's conversation menu: the server's Markdown and JSON files downloaded with
// the session's auth, and Print or save as PDF from the messages on this device.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_TOKEN_STORAGE_KEY } from '@kasa/api-client';
import { TEST_USER } from '@kasa/ui/testing';
import App from '../App';
import {
  FakeApi,
  jsonResponse,
  message,
  renderWithProviders,
  setViewportWidth,
  type FakeResponse,
} from '../testing/chat-harness';
import { overlayRoutes } from '../testing/route-overlay';
import { conversationExportPath, fallbackFileName } from './export-api';

let api: FakeApi;
let saved: Array<{ name: string; href: string }>;
let print: jest.Mock;

const EXPORT_PATH = '/api/chat/conversations/c1/export';

function fileResponse(text: string, type: string, disposition?: string): FakeResponse {
  return {
    ok: true,
    status: 200,
    statusText: '',
    headers: new Headers({
      'content-type': type,
      ...(disposition ? { 'content-disposition': disposition } : {}),
    }),
    body: null,
    json: async () => JSON.parse(text),
    text: async () => text,
    blob: async () => new Blob([text], { type }),
  };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token-1');
  setViewportWidth(1280);
  api = new FakeApi();
  // Signed in: the token stays (a 401 on GET /api/auth/user would drop it).
  api.user = TEST_USER;
  api.install();
  api.addConversation('c1', 'Maize: when to plant?', [
    message('u1', 'user', 'When should I plant maize?'),
    message('a1', 'assistant', 'At the start of the long rains.', { modelName: 'Kasa Fast' }),
  ]);
  saved = [];
  // jsdom has no object URLs and does not download: the <a download> click is what a browser saves.
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:kasa/1'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.getAttribute('href') ?? '' });
  });
  print = jest.fn();
  window.print = print;
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as { fetch?: unknown }).fetch;
});

async function openMenu(options: Parameters<typeof renderWithProviders>[1] = {}) {
  renderWithProviders(<App />, { path: '/chat?c=c1', ...options });
  await screen.findByText('At the start of the long rains.');
  const user = userEvent.setup();
  await user.click(screen.getByTestId('conversation-menu-button'));
  return { user, menu: await screen.findByRole('menu') };
}

test('Markdown downloads the server file with the session token, under the name the server gives', async () => {
  overlayRoutes(api, {
    [`GET ${EXPORT_PATH}`]: () =>
      fileResponse(
        '# Maize',
        'text/markdown',
        `attachment; filename="maize.md"; filename*=UTF-8''ma%C3%AFs.md`,
      ),
  });
  const { user, menu } = await openMenu();
  await user.click(within(menu).getByRole('menuitem', { name: /Markdown \(\.md\)/ }));
  await waitFor(() => expect(saved).toHaveLength(1));
  const [call] = api.callsTo('GET', /\/export/);
  expect(call.url).toBe(`${EXPORT_PATH}?format=markdown`);
  expect(call.headers.get('Authorization')).toBe('Bearer token-1');
  expect(saved[0]).toEqual({ name: 'maïs.md', href: 'blob:kasa/1' });
  expect(URL.createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
});

test('JSON without a name from the server is saved under the title', async () => {
  overlayRoutes(api, { [`GET ${EXPORT_PATH}`]: () => fileResponse('{}', 'application/json') });
  const { user, menu } = await openMenu();
  await user.click(within(menu).getByRole('menuitem', { name: /JSON/ }));
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(api.callsTo('GET', /\/export/)[0].url).toBe(`${EXPORT_PATH}?format=json`);
  expect(saved[0].name).toBe('Maize-when-to-plant.json');
});

test('a refused export says so in a toast and saves nothing', async () => {
  overlayRoutes(api, {
    [`GET ${EXPORT_PATH}`]: () =>
      jsonResponse(404, { statusCode: 404, code: 'CHAT_CONVERSATION_NOT_FOUND', message: 'gone' }),
  });
  const { user, menu } = await openMenu();
  await user.click(within(menu).getByRole('menuitem', { name: /Markdown/ }));
  expect(await screen.findByText('The download failed')).toBeInTheDocument();
  expect(await screen.findByText('Conversation not found.')).toBeInTheDocument();
  expect(saved).toHaveLength(0);
});

test('Print renders the title, dates and every message with its role, then opens the print dialog', async () => {
  const { user, menu } = await openMenu();
  await user.click(within(menu).getByRole('menuitem', { name: /Print or save as PDF/ }));
  const view = await screen.findByTestId('print-view');
  // Outside the app's root: print CSS shows only it on paper.
  expect(view.parentElement).toBe(document.body);
  // Hidden on screen (print CSS), so hidden to the accessibility tree too.
  expect(within(view).getByRole('heading', { level: 1, hidden: true })).toHaveTextContent(
    'Maize: when to plant?',
  );
  expect(view).toHaveTextContent(/Started 1 January 2026/);
  const printed = within(view).getAllByTestId('print-message');
  expect(printed.map((m) => m.getAttribute('data-role'))).toEqual(['user', 'assistant']);
  expect(printed[0]).toHaveTextContent(/^You.*When should I plant maize\?$/);
  expect(printed[1]).toHaveTextContent(/^Kasa \(Kasa Fast\).*At the start of the long rains\.$/);
  expect(print).toHaveBeenCalledTimes(1);
  // The dialog closed: the printed copy goes.
  act(() => void window.dispatchEvent(new Event('afterprint')));
  expect(screen.queryByTestId('print-view')).toBeNull();
});

test('Print shows a reply as the chat does (markdown rendered), a question as typed', async () => {
  api.messages.set('c1', [
    message('u1', 'user', 'Is **this** bold?'),
    message(
      'a1',
      'assistant',
      'At the start of the long rains.\n\nPlant at the **start**:\n\n- clear the field\n- sow',
    ),
  ]);
  const { user, menu } = await openMenu();
  await user.click(within(menu).getByRole('menuitem', { name: /Print or save as PDF/ }));
  const printed = await screen.findAllByTestId('print-message');
  expect(printed[0]).toHaveTextContent('Is **this** bold?');
  expect(within(printed[1]).getByText('start', { selector: 'strong' })).toBeInTheDocument();
  expect(within(printed[1]).getAllByRole('listitem', { hidden: true })).toHaveLength(2);
  expect(printed[1]).not.toHaveTextContent('**');
  expect(print).toHaveBeenCalledTimes(1);
});

test('offline: the downloads wait for a connection, Print still works from this device', async () => {
  const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => void window.dispatchEvent(new Event('offline')));
  const { user, menu } = await openMenu();
  expect(within(menu).getByRole('menuitem', { name: /Markdown/ })).toHaveAttribute('aria-disabled', 'true');
  expect(within(menu).getByRole('menuitem', { name: /JSON/ })).toHaveTextContent('Needs a connection');
  await user.click(within(menu).getByRole('menuitem', { name: /Print/ }));
  expect(await screen.findAllByTestId('print-message')).toHaveLength(2);
  expect(print).toHaveBeenCalledTimes(1);
  onLine.mockRestore();
});

test('French menu and printed labels', async () => {
  const { user, menu } = await openMenu({ language: 'fr' });
  expect(within(menu).getByRole('menuitem', { name: /Imprimer ou enregistrer en PDF/ })).toBeInTheDocument();
  await user.click(within(menu).getByRole('menuitem', { name: /Imprimer/ }));
  const printed = await screen.findAllByTestId('print-message');
  expect(printed[0]).toHaveTextContent(/^Vous/);
  expect(screen.getByTestId('print-view')).toHaveTextContent(/Commencée le 1 janvier 2026/);
});

test('the export URL and the fallback name', () => {
  expect(conversationExportPath('a b', 'json')).toBe('/api/chat/conversations/a%20b/export?format=json');
  expect(fallbackFileName('  ', 'markdown')).toBe('conversation.md');
  expect(fallbackFileName('Maïs / haricots', 'markdown')).toBe('Maïs-haricots.md');
});
