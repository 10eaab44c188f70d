import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShareSummary } from '@kasa/contracts';
import { fail, ok, renderAccount, stubApi } from '../testing/account-harness';

const LIST = 'GET /api/shares';
const revokeCall = (id: string) => `DELETE /api/shares/${id}`;

const link = (overrides: Partial<ShareSummary> & Pick<ShareSummary, 'id'>): ShareSummary => ({
  path: `/s/${overrides.id}`,
  conversationId: 'c1',
  title: 'Maize leaves turning yellow',
  messageCount: 4,
  showName: false,
  createdAt: '2026-11-24T09:30:00.000Z',
  ...overrides,
});

const maize = link({ id: 'AAAAAAAAAAAAAAAAAAAAAA' });
const cassava = link({
  id: 'BBBBBBBBBBBBBBBBBBBBBB',
  title: 'Cassava mosaic',
  messageCount: 1,
  showName: true,
  createdAt: '2026-03-01T12:00:00.000Z',
  conversationId: null,
});

/** GET /api/shares answers the links still there; DELETE removes one (204), like the server. */
function sharesApi(initial: ShareSummary[]) {
  let links = [...initial];
  const routes = Object.fromEntries(
    initial.map((l) => [
      revokeCall(l.id),
      () => {
        links = links.filter((x) => x.id !== l.id);
        return { status: 204 };
      },
    ]),
  );
  return stubApi({ [LIST]: () => ({ status: 200, body: links }), ...routes });
}

const rows = () => screen.getAllByTestId('shared-link');

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

test('lists each link with its title, date, message count, and whether it shows your name', async () => {
  sharesApi([maize, cassava]);
  renderAccount({ tab: 'shared-links' });
  expect(screen.getByTestId('account-tab-shared-links')).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('heading', { level: 2, name: 'Shared links' })).toBeInTheDocument();
  await waitFor(() => expect(rows()).toHaveLength(2));
  const [first, second] = rows();
  expect(within(first).getByTestId('shared-link-title')).toHaveTextContent('Maize leaves turning yellow');
  expect(within(first).getByTestId('shared-link-meta')).toHaveTextContent(
    'Shared on 24 November 2026 · 4 messages',
  );
  expect(within(first).queryByTestId('shared-link-shows-name')).toBeNull();
  expect(within(second).getByTestId('shared-link-meta')).toHaveTextContent(
    'Shared on 1 March 2026 · 1 message',
  );
  expect(within(second).getByTestId('shared-link-shows-name')).toHaveTextContent('Shows your name');
  // A link outlives its conversation: the snapshot is what it shows.
  expect(within(first).queryByTestId('shared-link-conversation-deleted')).toBeNull();
  expect(within(second).getByTestId('shared-link-conversation-deleted')).toHaveTextContent(
    'You deleted the conversation; the link still shows the copy you shared.',
  );
  expect(within(first).getByRole('link', { name: 'Open' })).toHaveAttribute('href', `/s/${maize.id}`);
});

test('with no links, the empty state says how to make one', async () => {
  sharesApi([]);
  renderAccount({ tab: 'shared-links' });
  expect(await screen.findByTestId('shared-links-empty')).toHaveTextContent(
    'You have no shared links. Share a conversation from the chat to get a link anyone can read.',
  );
});

test('Copy link copies the absolute address of the page', async () => {
  sharesApi([maize]);
  const writeText = jest.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  try {
    renderAccount({ tab: 'shared-links' });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/s/${maize.id}`);
    expect(await screen.findByTestId('toast')).toHaveTextContent('Copied');
  } finally {
    Reflect.deleteProperty(navigator, 'clipboard');
  }
});

test('Revoke asks first; Cancel sends nothing and gives the focus back', async () => {
  const api = sharesApi([maize]);
  renderAccount({ tab: 'shared-links' });
  await userEvent.click(await screen.findByTestId('shared-link-revoke'));
  expect(rows()[0]).toHaveTextContent(
    'Revoke the link to “Maize leaves turning yellow”? It stops working at once, for everyone.',
  );
  expect(screen.getByTestId('shared-link-confirm-revoke')).toHaveFocus();
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.getByTestId('shared-link-revoke')).toHaveFocus();
  expect(api.count(revokeCall(maize.id))).toBe(0);
  expect(rows()).toHaveLength(1);
});

test('a confirmed Revoke deletes the link, refreshes the list and says so', async () => {
  const api = sharesApi([maize, cassava]);
  renderAccount({ tab: 'shared-links' });
  await waitFor(() => expect(rows()).toHaveLength(2));
  await userEvent.click(within(rows()[0]).getByTestId('shared-link-revoke'));
  await userEvent.click(screen.getByTestId('shared-link-confirm-revoke'));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Link revoked');
  expect(toast).toHaveTextContent('The conversation is no longer shared at this link.');
  await waitFor(() => expect(rows()).toHaveLength(1));
  expect(rows()[0]).toHaveTextContent('Cassava mosaic');
  expect(api.count(revokeCall(maize.id))).toBe(1);
  expect(api.calls.find((c) => c.call === revokeCall(maize.id))?.token).toBe('token-1');
  await waitFor(() => expect(api.count(LIST)).toBe(2));
});

test('revoking the last link leaves the empty state', async () => {
  sharesApi([maize]);
  renderAccount({ tab: 'shared-links' });
  await userEvent.click(await screen.findByTestId('shared-link-revoke'));
  await userEvent.click(screen.getByTestId('shared-link-confirm-revoke'));
  expect(await screen.findByTestId('shared-links-empty')).toBeInTheDocument();
});

test('a link already revoked elsewhere (404) counts as revoked', async () => {
  let listed = [maize];
  stubApi({
    [LIST]: () => ({ status: 200, body: listed }),
    [revokeCall(maize.id)]: () => {
      listed = [];
      return fail(404, 'SHARE_NOT_FOUND', 'This shared conversation does not exist.')(undefined, undefined);
    },
  });
  renderAccount({ tab: 'shared-links' });
  await userEvent.click(await screen.findByTestId('shared-link-revoke'));
  await userEvent.click(screen.getByTestId('shared-link-confirm-revoke'));
  expect(await screen.findByTestId('toast')).toHaveTextContent('Link revoked');
  expect(await screen.findByTestId('shared-links-empty')).toBeInTheDocument();
});

test('a failed Revoke says why and keeps the link', async () => {
  stubApi({
    [LIST]: ok([maize]),
    [revokeCall(maize.id)]: fail(500, 'INTERNAL_ERROR', 'Database is down.'),
  });
  renderAccount({ tab: 'shared-links' });
  await userEvent.click(await screen.findByTestId('shared-link-revoke'));
  await userEvent.click(screen.getByTestId('shared-link-confirm-revoke'));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Could not revoke the link');
  expect(toast).toHaveAttribute('data-variant', 'destructive');
  expect(rows()).toHaveLength(1);
  expect(screen.getByTestId('shared-link-revoke')).toBeInTheDocument();
});

test('a list that fails to load says so, and Retry loads it', async () => {
  let online = false;
  stubApi({ [LIST]: () => (online ? { status: 200, body: [maize] } : new TypeError('Failed to fetch')) });
  renderAccount({ tab: 'shared-links' });
  const error = await screen.findByTestId('shared-links-error');
  online = true;
  await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(rows()).toHaveLength(1));
});

test('speaks French', async () => {
  sharesApi([cassava]);
  renderAccount({ tab: 'shared-links', language: 'fr' });
  expect(screen.getByRole('heading', { level: 2, name: 'Liens partagés' })).toBeInTheDocument();
  await waitFor(() => expect(rows()).toHaveLength(1));
  expect(screen.getByTestId('shared-link-meta')).toHaveTextContent('Partagé le 1 mars 2026 · 1 message');
  expect(screen.getByTestId('shared-link-shows-name')).toHaveTextContent('Affiche votre nom');
  for (const name of ['Copier le lien', 'Ouvrir', 'Révoquer']) {
    expect(screen.getByRole(name === 'Ouvrir' ? 'link' : 'button', { name })).toBeInTheDocument();
  }
});
