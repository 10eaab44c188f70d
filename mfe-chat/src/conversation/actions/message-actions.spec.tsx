// The actions under messages, through the chat screen against the API stubbed at the network
// boundary (global fetch): copy, versions, feedback, follow-ups, edit and resend, regenerate, share.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHAT_ROOT_PARENT_ID, IDEMPOTENCY_KEY_HEADER, type ChatMessage } from '@kasa/contracts';
import App from '../../App';
import { chatOutbox } from '../../offline/outbox';
import { FakeApi, jsonResponse, message, renderWithProviders } from '../../testing/chat-harness';

let api: FakeApi;
let writeText: jest.Mock;
let online = true;

beforeEach(async () => {
  await chatOutbox().clear();
  localStorage.clear();
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
  api = new FakeApi();
  api.install();
});
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

const REPLY = '## Sowing\n\n- **Maize**: after the [first rains](https://x.org)';

function openConversation(list: ChatMessage[], language: 'en' | 'fr' = 'en') {
  api.addConversation('c1', 'Maize', list);
  renderWithProviders(<App />, { path: '/chat?c=c1', language });
}

const twoTurns = () => [
  message('u1', 'user', 'When do I sow?', { parentId: null }),
  message('a1', 'assistant', REPLY, { parentId: 'u1', model: 'big', modelName: 'Kasa Big' }),
  message('u2', 'user', 'And beans?', { parentId: 'a1' }),
  message('a2', 'assistant', 'Two weeks later.', { parentId: 'u2' }),
];

async function rows() {
  await waitFor(() => expect(screen.getAllByTestId('chat-message').length).toBeGreaterThan(1));
  return screen.getAllByTestId('chat-message');
}

test('Copy writes the markdown; the menu copies plain text and says who wrote the reply', async () => {
  openConversation(twoTurns());
  const reply = (await rows())[1];
  const user = userEvent.setup();
  // userEvent installs its own clipboard: ours goes back in place.
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });

  await user.click(within(reply).getByRole('button', { name: 'Copy' }));
  expect(writeText).toHaveBeenLastCalledWith(REPLY);
  expect(await within(reply).findByRole('button', { name: 'Copied' })).toBeInTheDocument();

  expect(within(reply).getByTestId('reply-actions')).toHaveAttribute('title', 'Written by Kasa Big');
  await user.click(within(reply).getByRole('button', { name: 'More actions' }));
  const menu = within(reply).getByRole('menu');
  expect(within(menu).getByTestId('menu-note')).toHaveTextContent('Written by Kasa Big');
  await user.click(within(menu).getByRole('menuitem', { name: 'Copy as plain text' }));
  expect(writeText).toHaveBeenLastCalledWith('Sowing\n\n• Maize: after the first rains');
  expect(within(reply).queryByRole('menu')).toBeNull();

  // The user's own message copies too.
  await user.click(within((await rows())[0]).getByRole('button', { name: 'Copy message' }));
  expect(writeText).toHaveBeenLastCalledWith('When do I sow?');
});

test('Share hands the plain text to the phone’s share sheet; without one it is copied', async () => {
  const share = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'share', { configurable: true, value: share });
  openConversation(twoTurns());
  const reply = (await rows())[1];
  const user = userEvent.setup();
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  await user.click(within(reply).getByRole('button', { name: 'Share' }));
  expect(share).toHaveBeenCalledWith({ text: 'Sowing\n\n• Maize: after the first rains' });
  expect(writeText).not.toHaveBeenCalled();

  Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
  await user.click(within(reply).getByRole('button', { name: 'Share' }));
  expect(writeText).toHaveBeenCalledWith('Sowing\n\n• Maize: after the first rains');
  expect(await screen.findByTestId('toast')).toHaveTextContent('Copied');
});

test('version arrows show the other version: PUT …/current, and its answer is the path shown', async () => {
  openConversation([
    message('u1', 'user', 'When do I sow?', { parentId: null }),
    message('a1b', 'assistant', 'In April.', { parentId: 'u1', versionIds: ['a1a', 'a1b'] }),
  ]);
  api.shownPaths.set('a1a', [
    message('u1', 'user', 'When do I sow?', { parentId: null }),
    message('a1a', 'assistant', 'After the rains.', { parentId: 'u1', versionIds: ['a1a', 'a1b'] }),
    message('u2', 'user', 'And beans?', { parentId: 'a1a' }),
    message('a2', 'assistant', 'Later.', { parentId: 'u2' }),
  ]);
  const reply = (await rows())[1];
  expect(within(reply).getByTestId('version-switcher')).toHaveTextContent('2/2');
  expect(within(reply).getByTestId('version-position')).toHaveTextContent('Version 2 of 2');
  expect(within(reply).getByRole('button', { name: 'Next version' })).toBeDisabled();
  const gets = () => api.callsTo('GET', '/api/chat/conversations/c1').length;
  const before = gets();

  await userEvent.setup().click(within(reply).getByRole('button', { name: 'Previous version' }));
  expect(await screen.findByText('After the rains.')).toBeInTheDocument();
  expect(api.callsTo('PUT', '/api/chat/conversations/c1/current').map((c) => c.body)).toEqual([
    { messageId: 'a1a' },
  ]);
  const shown = screen.getAllByTestId('chat-message');
  expect(shown).toHaveLength(4);
  expect(within(shown[1]).getByTestId('version-position')).toHaveTextContent('Version 1 of 2');
  expect(screen.queryByText('In April.')).toBeNull();
  // The answer replaced the cache: no second read of the conversation.
  expect(gets()).toBe(before);
});

test('a version that cannot be shown says so and the conversation stays as it was', async () => {
  openConversation([
    message('u1', 'user', 'Hi', { parentId: null }),
    message('a1b', 'assistant', 'Hello.', { parentId: 'u1', versionIds: ['a1a', 'a1b'] }),
  ]);
  const reply = (await rows())[1];
  await userEvent.setup().click(within(reply).getByRole('button', { name: 'Previous version' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not show this version');
  expect(screen.getByText('Hello.')).toBeInTheDocument();
});

test('thumbs up toggles (PUT, then DELETE); thumbs down asks an optional reason, editable later', async () => {
  openConversation(twoTurns());
  const reply = (await rows())[3];
  const user = userEvent.setup();
  const feedbackCalls = () =>
    api.calls
      .filter((c) => c.url === '/api/chat/messages/a2/feedback')
      .map((c) => [c.method, c.body ?? null]);
  const up = () => within(reply).getByRole('button', { name: 'Good reply' });
  const down = () => within(reply).getByRole('button', { name: 'Bad reply' });

  await user.click(up());
  expect(up()).toHaveAttribute('aria-pressed', 'true');
  await user.click(up());
  await waitFor(() => expect(up()).toHaveAttribute('aria-pressed', 'false'));
  await waitFor(() => expect(feedbackCalls()).toHaveLength(2));

  await user.click(down());
  expect(down()).toHaveAttribute('aria-pressed', 'true');
  const panel = within(reply).getByTestId('feedback-panel');
  await user.click(within(panel).getByRole('button', { name: 'Not useful' }));
  expect(within(panel).getByRole('button', { name: 'Not useful' })).toHaveAttribute('aria-pressed', 'true');
  await user.type(within(panel).getByRole('textbox', { name: 'Tell us more' }), 'Too short');
  await user.click(within(panel).getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(feedbackCalls()).toHaveLength(4));
  expect(feedbackCalls()).toEqual([
    ['PUT', { rating: 'up' }],
    ['DELETE', null],
    ['PUT', { rating: 'down' }],
    ['PUT', { rating: 'down', reason: 'Not useful\nToo short' }],
  ]);
  expect(within(reply).queryByTestId('feedback-panel')).toBeNull();

  // Editable later: the panel opens again with what was said.
  await user.click(await within(reply).findByRole('button', { name: 'Edit reason' }));
  const again = within(reply).getByTestId('feedback-panel');
  expect(within(again).getByRole('button', { name: 'Not useful' })).toHaveAttribute('aria-pressed', 'true');
  expect(within(again).getByRole('textbox', { name: 'Tell us more' })).toHaveValue('Too short');
});

test('feedback the server refuses is put back as it was, with a toast', async () => {
  api.feedbackAnswer = () => jsonResponse(500, { statusCode: 500, message: 'Internal server error' });
  openConversation(twoTurns());
  const reply = (await rows())[3];
  const up = within(reply).getByRole('button', { name: 'Good reply' });
  await userEvent.setup().click(up);
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not save your feedback');
  expect(up).toHaveAttribute('aria-pressed', 'false');
});

test('follow-up questions show under the last reply only; a tap sends one as a message', async () => {
  api.followUps.set('a2', ['How far apart?', 'Which variety?']);
  api.followUps.set('a1', ['Not shown']);
  openConversation(twoTurns());
  const list = await screen.findByRole('list', { name: 'Suggested follow-up questions' });
  expect(
    within(list)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['How far apart?', 'Which variety?']);
  // Right under the last reply, not inside it: the reply's text stays the reply's.
  const lastReply = (await rows())[3];
  expect(lastReply.nextElementSibling).toBe(screen.getByTestId('follow-ups'));
  expect(screen.getByTestId('follow-ups')).toContainElement(list);
  expect(lastReply).not.toHaveTextContent('Which variety?');
  expect(api.callsTo('GET', '/api/chat/messages/a1/follow-ups')).toHaveLength(0);

  await userEvent.setup().click(within(list).getByRole('button', { name: 'Which variety?' }));
  await waitFor(() => expect(api.callsTo('POST', '/api/chat')).toHaveLength(1));
  expect(api.callsTo('POST', '/api/chat')[0].body).toEqual({
    message: 'Which variety?',
    conversationId: 'c1',
  });
  // While the reply is written, no suggestions.
  expect(screen.queryByTestId('follow-ups')).toBeNull();
});

test('edit and resend: Escape cancels; Save & send branches from the parent, the old branch hidden', async () => {
  openConversation(twoTurns());
  const user = userEvent.setup();
  const question = (await rows())[2];
  await user.click(within(question).getByRole('button', { name: 'Edit message' }));
  const editor = screen.getByRole('textbox', { name: 'Edit your message' });
  expect(editor).toHaveValue('And beans?');
  expect(editor).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.queryByTestId('message-editor')).toBeNull();
  expect(screen.getByText('And beans?')).toBeInTheDocument();

  await user.click(
    within(screen.getAllByTestId('chat-message')[2]).getByRole('button', { name: 'Edit message' }),
  );
  const save = screen.getByRole('button', { name: 'Save & send' });
  expect(save).toBeDisabled(); // unchanged
  await user.clear(screen.getByRole('textbox', { name: 'Edit your message' }));
  await user.type(screen.getByRole('textbox', { name: 'Edit your message' }), 'And groundnuts?');
  await user.click(save);

  await waitFor(() => expect(api.streams).toHaveLength(1));
  expect(api.callsTo('POST', '/api/chat')[0].body).toEqual({
    message: 'And groundnuts?',
    conversationId: 'c1',
    parentMessageId: 'a1',
  });
  expect(screen.queryByTestId('message-editor')).toBeNull();
  // The new branch shows; the edited message and its reply are not shown any more.
  expect(screen.getByText('And groundnuts?')).toBeInTheDocument();
  expect(screen.queryByText('And beans?')).toBeNull();
  expect(screen.queryByText('Two weeks later.')).toBeNull();
});

test('editing the first message branches from the start; offline the edit waits, marked as an edit', async () => {
  online = false;
  openConversation(twoTurns());
  const user = userEvent.setup();
  await user.click(within((await rows())[0]).getByRole('button', { name: 'Edit message' }));
  await user.type(screen.getByRole('textbox', { name: 'Edit your message' }), ' In the north?');
  await user.click(screen.getByRole('button', { name: 'Save & send' }));
  expect(await screen.findByTestId('waiting-note')).toHaveTextContent('Edited message · Waiting for network');
  expect(api.callsTo('POST', '/api/chat')).toHaveLength(0);
  const [waiting] = chatOutbox().list();
  expect(waiting).toMatchObject({ parentMessageId: CHAT_ROOT_PARENT_ID, conversationId: 'c1' });

  online = true;
  window.dispatchEvent(new Event('online'));
  await waitFor(() => expect(api.callsTo('POST', '/api/chat')).toHaveLength(1));
  const [post] = api.callsTo('POST', '/api/chat');
  expect(post.body).toEqual({
    message: 'When do I sow? In the north?',
    conversationId: 'c1',
    parentMessageId: CHAT_ROOT_PARENT_ID,
  });
  expect(post.headers.get(IDEMPOTENCY_KEY_HEADER)).toBe(waiting.key);
});

test('Regenerate streams a new version in place of the old; offline it is refused with a toast', async () => {
  openConversation(twoTurns());
  const user = userEvent.setup();
  online = false;
  await user.click(within((await rows())[3]).getByRole('button', { name: 'Regenerate' }));
  expect(await screen.findByTestId('toast')).toHaveTextContent(
    'You are offlineRegenerating a reply needs a connection. Try again when you are back online.',
  );
  expect(api.regenerateStreams).toHaveLength(0);

  online = true;
  await user.click(
    within(screen.getAllByTestId('chat-message')[3]).getByRole('button', { name: 'Regenerate' }),
  );
  await waitFor(() => expect(api.regenerateStreams).toHaveLength(1));
  expect(api.regenerateStreams[0].id).toBe('a2');
  expect(screen.queryByText('Two weeks later.')).toBeNull();
  expect(screen.getAllByText('And beans?')).toHaveLength(1);
  expect(screen.getByTestId('live-reply')).toBeInTheDocument();
  // One reply at a time: the other actions wait.
  expect(
    within(screen.getAllByTestId('chat-message')[1]).getByRole('button', { name: 'Regenerate' }),
  ).toBeDisabled();
});

test('French texts', async () => {
  openConversation(twoTurns(), 'fr');
  const reply = (await rows())[1];
  for (const name of [
    'Copier',
    'Régénérer',
    'Bonne réponse',
    'Mauvaise réponse',
    'Partager',
    "Plus d'actions",
  ])
    expect(within(reply).getByRole('button', { name })).toBeInTheDocument();
  expect(within((await rows())[0]).getByRole('button', { name: 'Modifier le message' })).toBeInTheDocument();
});

test('a regenerate the server refuses says why in the reader’s language; the reply stays', async () => {
  api.onRegenerate = () =>
    jsonResponse(409, {
      statusCode: 409,
      code: 'CHAT_REPLY_STILL_WRITING',
      message: 'This reply is still being written.',
    });
  openConversation(twoTurns(), 'fr');
  await userEvent.setup().click(within((await rows())[3]).getByRole('button', { name: 'Régénérer' }));
  const toast = await screen.findByRole('alert');
  expect(toast).toHaveTextContent('Impossible de régénérer la réponse');
  expect(toast).toHaveTextContent('Cette réponse est encore en cours');
  expect(screen.getByText('Two weeks later.')).toBeInTheDocument();
  expect(screen.queryByTestId('live-reply')).toBeNull();
});

test('the “more” menu opens on its first item and Escape closes it, focus back on its button', async () => {
  openConversation(twoTurns());
  const reply = (await rows())[1];
  const user = userEvent.setup();
  const more = within(reply).getByRole('button', { name: 'More actions' });
  await user.click(more);
  expect(more).toHaveAttribute('aria-expanded', 'true');
  expect(within(reply).getByRole('menuitem', { name: 'Copy as plain text' })).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(within(reply).queryByRole('menu')).toBeNull();
  expect(more).toHaveFocus();
  expect(more).toHaveAttribute('aria-expanded', 'false');
});
