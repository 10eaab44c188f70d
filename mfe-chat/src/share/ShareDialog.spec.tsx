// Share conversation from the top bar, against the API stubbed at the network boundary
// (POST /api/shares answered as the server answers it).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreateShareRequest, ShareSummary } from '@kasa/contracts';
import App from '../App';
import {
  FakeApi,
  jsonResponse,
  message,
  renderWithProviders,
  setViewportWidth,
} from '../testing/chat-harness';
import { overlayRoutes } from '../testing/route-overlay';
import { shareUrl } from './share-api';

let api: FakeApi;
let writeText: jest.Mock;

const created = (request: CreateShareRequest): ShareSummary => ({
  id: 'Zk3x_9QpLr2',
  path: '/s/Zk3x_9QpLr2',
  conversationId: request.conversationId,
  title: 'Maize',
  messageCount: 2,
  showName: request.showName ?? false,
  createdAt: '2026-01-02T00:00:00.000Z',
});

beforeEach(() => {
  localStorage.clear();
  setViewportWidth(1280);
  api = new FakeApi();
  api.install();
  api.addConversation('c1', 'Maize', [
    message('u1', 'user', 'When to plant maize?'),
    message('a1', 'assistant', 'At the start of the rains.'),
  ]);
  api.addConversation('c2', 'Empty');
  overlayRoutes(api, {
    'POST /api/shares': (call) => jsonResponse(201, created(call.body as CreateShareRequest)),
  });
});

/** user-event installs a clipboard of its own at setup: the mock goes in after it. */
function mockClipboard() {
  writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
  delete (navigator as { clipboard?: unknown }).clipboard;
  delete (navigator as { share?: unknown }).share;
});

const shares = () => api.callsTo('POST', '/api/shares');

async function openShare() {
  renderWithProviders(<App />, { path: '/chat?c=c1' });
  const user = userEvent.setup();
  mockClipboard();
  await user.click(await screen.findByRole('button', { name: 'Share this conversation' }));
  return { user, dialog: await screen.findByTestId('share-dialog') };
}

test('creates a link (name hidden by default), shows it in full and copies it', async () => {
  const { user, dialog } = await openShare();
  expect(dialog).toHaveTextContent(
    'Anyone with the link can read this conversation up to now. Later messages are not shared.',
  );
  const showName = within(dialog).getByRole('switch', { name: 'Show my name' });
  expect(showName).not.toBeChecked();
  await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
  await waitFor(() => expect(shares()).toHaveLength(1));
  expect(shares()[0].body).toEqual({ conversationId: 'c1', showName: false });

  const link = await within(dialog).findByRole('textbox', { name: 'Link to this conversation' });
  expect(link).toHaveValue(`${window.location.origin}/s/Zk3x_9QpLr2`);
  expect(within(dialog).getByRole('button', { name: 'Copy link' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
  expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/s/Zk3x_9QpLr2`);
  expect(await within(dialog).findAllByText('Link copied')).not.toHaveLength(0);
  expect(within(dialog).getByRole('link', { name: 'Manage shared links' })).toHaveAttribute(
    'href',
    '/account?tab=shared-links',
  );
});

test("'Show my name' on is sent with the link", async () => {
  const { user, dialog } = await openShare();
  await user.click(within(dialog).getByRole('switch', { name: 'Show my name' }));
  expect(dialog).toHaveTextContent('Your username is shown on the shared page.');
  await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
  await waitFor(() => expect(shares()).toHaveLength(1));
  expect(shares()[0].body).toEqual({ conversationId: 'c1', showName: true });
});

test("where the phone has a share sheet, 'Share…' hands it the title and the link", async () => {
  const share = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'share', { configurable: true, value: share });
  const { user, dialog } = await openShare();
  expect(within(dialog).queryByRole('button', { name: 'Share…' })).toBeNull();
  await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
  await user.click(await within(dialog).findByRole('button', { name: 'Share…' }));
  expect(share).toHaveBeenCalledWith({ title: 'Maize', url: `${window.location.origin}/s/Zk3x_9QpLr2` });
});

test('a refused link shows the error in words and keeps the dialog', async () => {
  overlayRoutes(api, {
    'POST /api/shares': () =>
      jsonResponse(404, {
        statusCode: 404,
        code: 'CHAT_CONVERSATION_NOT_FOUND',
        message: 'No conversation c1 for this user',
      }),
  });
  const { user, dialog } = await openShare();
  await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
  const alert = await within(dialog).findByRole('alert');
  expect(alert).toHaveTextContent('The link could not be created.');
  // The code's text in the user's language, not the server's words.
  await waitFor(() => expect(alert).toHaveTextContent('Conversation not found.'));
  expect(alert).not.toHaveTextContent('No conversation c1');
  expect(within(dialog).getByRole('button', { name: 'Create link' })).toBeEnabled();
});

test('no Share button without an open conversation that has messages', async () => {
  const first = renderWithProviders(<App />);
  await screen.findByTestId('chat-welcome');
  expect(screen.queryByTestId('share-button')).toBeNull();
  expect(screen.queryByTestId('conversation-menu-button')).toBeNull();
  first.unmount();
  renderWithProviders(<App />, { path: '/chat?c=c2' });
  await waitFor(() => expect(api.callsTo('GET', '/api/chat/conversations/c2')).toHaveLength(1));
  expect(screen.queryByTestId('share-button')).toBeNull();
});

test("the conversation menu's 'Share link…' opens the same dialog (narrow phones have no Share button)", async () => {
  renderWithProviders(<App />, { path: '/chat?c=c1' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Share or export this conversation' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Share link…' }));
  expect(await screen.findByTestId('share-dialog')).toBeInTheDocument();
});

test('French texts', async () => {
  renderWithProviders(<App />, { path: '/chat?c=c1', language: 'fr' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Partager cette conversation' }));
  const dialog = await screen.findByTestId('share-dialog');
  expect(dialog).toHaveTextContent(
    "Toute personne ayant le lien peut lire cette conversation jusqu'ici. Les messages suivants ne sont pas partagés.",
  );
  expect(within(dialog).getByRole('switch', { name: 'Afficher mon nom' })).not.toBeChecked();
  expect(within(dialog).getByRole('button', { name: 'Créer le lien' })).toBeInTheDocument();
});

test('shareUrl makes the absolute link from the path', () => {
  expect(shareUrl({ path: '/s/abc' }, 'https://kasa.example')).toBe('https://kasa.example/s/abc');
});

test("a reply's 'Share up to here…' makes a link that stops at that reply, and the dialog says so", async () => {
  api.addConversation('c3', 'Maize and beans', [
    message('u1', 'user', 'When to plant maize?'),
    message('a1', 'assistant', 'At the start of the rains.'),
    message('u2', 'user', 'And beans?'),
    message('a2', 'assistant', 'Two weeks later.'),
  ]);
  renderWithProviders(<App />, { path: '/chat?c=c3' });
  const user = userEvent.setup();
  const [first] = await screen.findAllByTestId('reply-actions');
  await user.click(within(first).getByRole('button', { name: 'More actions' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Share up to here…' }));
  const dialog = await screen.findByTestId('share-dialog');
  expect(dialog).toHaveTextContent(
    'Anyone with the link can read this conversation up to the chosen message.',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
  await waitFor(() => expect(shares()).toHaveLength(1));
  expect(shares()[0].body).toEqual({ conversationId: 'c3', showName: false, upToMessageId: 'a1' });
});
