// The chat screen against a stubbed chat API at the network boundary (global fetch), with streamed
// POST /api/chat answers the tests write into event by event.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from './App';
import { ChatScreen } from './screen/ChatScreen';
import { starterTips } from './screen/tips';
import {
  FakeApi,
  jsonResponse,
  message,
  renderWithProviders,
  setViewportWidth,
} from './testing/chat-harness';
import { chatOutbox } from './offline/outbox';

let api: FakeApi;

beforeEach(async () => {
  await chatOutbox().clear();
  localStorage.clear();
  window.history.replaceState(null, '');
  setViewportWidth(1280);
  api = new FakeApi();
  api.install();
});
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

const input = () => screen.getByRole('textbox', { name: 'Message Kasa' });
const location = () => screen.getByTestId('location').textContent;
const listGets = () => api.callsTo('GET', '/api/chat/conversations').length;

async function sendMessage(text: string) {
  const user = userEvent.setup();
  await user.type(input(), `${text}{Enter}`);
  await waitFor(() => expect(api.streams.length).toBeGreaterThan(0));
  return { user, stream: api.streams[api.streams.length - 1] };
}

describe('empty chat: welcome panel and suggestions', () => {
  test('greets the assistant by name; the first 5 tips by priority; More shows all 13, Less folds back', async () => {
    renderWithProviders(<App />, { assistantName: 'Ayo' });
    expect(screen.getByTestId('chat-welcome')).toHaveTextContent("Hello, I'm Ayo, your AI assistant");
    const tips = starterTips('en');
    const shown = () => screen.getAllByTestId('tip').map((b) => b.getAttribute('data-tip-id'));
    expect(shown()).toEqual(tips.slice(0, 5).map((t) => t.id));
    expect(screen.getByTestId('suggestions-hint')).toHaveTextContent(
      'Click a suggestion or type your question below.',
    );
    const user = userEvent.setup();
    const more = screen.getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(shown()).toEqual(tips.map((t) => t.id));
    expect(shown()).toHaveLength(13);
    const less = screen.getByRole('button', { name: 'Less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(shown()).toHaveLength(5);
    // Each tip shows its title, description and category.
    const first = screen.getAllByTestId('tip')[0];
    expect(first).toHaveTextContent(tips[0].title);
    expect(first).toHaveTextContent(tips[0].description);
    expect(first).toHaveTextContent('Productivity');
    expect(screen.getByRole('textbox', { name: 'Message Ayo' })).toHaveAttribute(
      'placeholder',
      'Message Ayo',
    );
  });

  test('picking a tip puts its prompt and a space into the input, focused, without sending', async () => {
    renderWithProviders(<App />);
    const tip = starterTips('en')[1];
    await userEvent.setup().click(screen.getByRole('button', { name: new RegExp(tip.title) }));
    expect(input()).toHaveValue(`${tip.prompt} `);
    expect(input()).toHaveFocus();
    expect((input() as HTMLTextAreaElement).selectionStart).toBe(tip.prompt.length + 1);
    expect(api.callsTo('POST', '/api/chat')).toHaveLength(0);
  });
});

describe('sending', () => {
  test('blank input is ignored; Shift+Enter adds a newline; Enter sends the trimmed text', async () => {
    renderWithProviders(<App />);
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await user.type(input(), '   {Enter}');
    expect(api.callsTo('POST', '/api/chat')).toHaveLength(0);
    await user.clear(input());
    await user.type(input(), 'Line one{Shift>}{Enter}{/Shift}Line two  ');
    expect(input()).toHaveValue('Line one\nLine two  ');
    expect(api.callsTo('POST', '/api/chat')).toHaveLength(0);
    await user.type(input(), '{Enter}');
    await waitFor(() => expect(api.callsTo('POST', '/api/chat')).toHaveLength(1));
    const call = api.callsTo('POST', '/api/chat')[0];
    expect(call.body).toEqual({ message: 'Line one\nLine two' });
    expect(call.headers.get('Accept')).toBe('text/event-stream');
    expect(input()).toHaveValue('');
  });

  test('Enter while an IME is composing does not send', () => {
    renderWithProviders(<App />);
    fireEvent.change(input(), { target: { value: 'nihao' } });
    fireEvent.keyDown(input(), { key: 'Enter', isComposing: true });
    fireEvent.keyDown(input(), { key: 'Enter', keyCode: 229 });
    expect(api.callsTo('POST', '/api/chat')).toHaveLength(0);
    expect(input()).toHaveValue('nihao');
  });

  test('the reply streams in: typing indicator until the first chunk, then chunks; done adopts the id and refetches the list', async () => {
    renderWithProviders(<App />);
    await screen.findByTestId('no-conversations');
    const { stream } = await sendMessage('How do I plant maize?');

    // The user's message at once, the typing indicator, the input disabled with a spinner and Stop.
    expect(
      within(screen.getAllByTestId('chat-message')[0]).getByText('How do I plant maize?'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('typing-indicator')).toHaveTextContent('Kasa is typing');
    expect(screen.queryByTestId('chat-welcome')).toBeNull();
    expect(input()).toBeDisabled();
    expect(screen.getByTestId('chat-spinner')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop the reply' })).toBeEnabled();
    expect(screen.getByTestId('chat-announcer')).toHaveTextContent('Kasa is writing a reply.');
    // Visually hidden (static.css: 1 px, absolute; an `sx` width of 1 once meant 100% and made phones scroll sideways).
    expect(screen.getByTestId('chat-announcer')).toHaveClass('kasa-visually-hidden');

    act(() => stream.send({ conversationId: 'c9', userMessageId: 'u9', assistantMessageId: 'a9' }));
    // The URL names the new conversation at once (a reload while the reply is written finds it).
    await waitFor(() => expect(location()).toBe('/chat?c=c9'));
    expect(screen.getByTestId('typing-indicator')).toBeInTheDocument();
    expect(screen.queryByTestId('replies-ahead')).toBeNull();
    // A model on the server's own machine answers others first: the reply says how many.
    act(() => stream.send({ repliesAhead: 2 }));
    expect(await screen.findByTestId('replies-ahead')).toHaveTextContent(
      'Kasa is answering 2 people before you',
    );
    act(() => stream.send({ repliesAhead: 1 }));
    await waitFor(() =>
      expect(screen.getByTestId('replies-ahead')).toHaveTextContent('Kasa is answering 1 person before you'),
    );

    act(() => stream.send({ content: 'Plant after ' }));
    await waitFor(() => expect(screen.getByTestId('live-reply')).toHaveTextContent('Plant after'));
    expect(screen.queryByTestId('typing-indicator')).toBeNull();
    expect(screen.queryByTestId('replies-ahead')).toBeNull();
    expect(screen.getByTestId('streaming-caret')).toBeInTheDocument();

    act(() => stream.raw('data: {"content":"the **first** rai'));
    act(() => stream.raw('ns."}\n\n'));
    await waitFor(() => expect(screen.getByText('first').tagName).toBe('STRONG'));
    expect(screen.getByTestId('live-reply')).toHaveTextContent('Plant after the first rains.');

    const before = listGets();
    api.addConversation('c9', 'How do I plant maize?');
    act(() => {
      stream.send({ done: true, conversationId: 'c9' });
      stream.close();
    });
    await waitFor(() => expect(listGets()).toBe(before + 1));
    expect(
      await screen.findByRole('button', { name: 'How do I plant maize?', current: 'page' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(input()).toBeEnabled());
    expect(screen.queryByTestId('streaming-caret')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop the reply' })).toBeNull();
    const rows = screen.getAllByTestId('chat-message');
    expect(rows.map((r) => r.getAttribute('data-role'))).toEqual(['user', 'assistant']);
    expect(rows[1]).toHaveTextContent('KasaPlant after the first rains.');
    expect(screen.getByTestId('chat-announcer')).toHaveTextContent('Kasa has replied.');
    // The input was in use when the message went: it gets the focus back.
    await waitFor(() => expect(input()).toHaveFocus());
    expect(location()).toBe('/chat?c=c9');
    // The messages came with the stream: no extra download of the conversation.
    expect(api.callsTo('GET', '/api/chat/conversations/c9')).toHaveLength(0);
  });

  test('a message in an open conversation is sent with its id and added under its history', async () => {
    api.addConversation('c1', 'Cassava', [
      message('m1', 'user', 'Is my cassava sick?'),
      message('m2', 'assistant', 'Describe the leaves.'),
    ]);
    renderWithProviders(<App />, { path: '/chat?c=c1' });
    expect(await screen.findByText('Describe the leaves.')).toBeInTheDocument();
    const { stream } = await sendMessage('Yellow and twisted');
    expect(api.callsTo('POST', '/api/chat')[0].body).toEqual({
      message: 'Yellow and twisted',
      conversationId: 'c1',
    });
    act(() => {
      stream.send({ conversationId: 'c1', userMessageId: 'm3', assistantMessageId: 'm4' });
      stream.send({ content: 'That sounds like cassava mosaic disease.' });
      stream.send({ done: true, conversationId: 'c1' });
      stream.close();
    });
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(4));
    const rows = screen.getAllByTestId('chat-message');
    expect(rows.map((r) => r.textContent)).toEqual([
      'YouIs my cassava sick?',
      'KasaDescribe the leaves.',
      'YouYellow and twisted',
      'KasaThat sounds like cassava mosaic disease.',
    ]);
    // Finished replies end with their actions, read aloud among them.
    expect(within(rows[3]).getByTestId('reply-actions')).toContainElement(
      within(rows[3]).getByRole('button', { name: 'Read aloud' }),
    );
  });

  test('an {error} event: the user message stays and the assistant says Sorry…', async () => {
    renderWithProviders(<App />);
    const { stream } = await sendMessage('Hello');
    act(() => {
      stream.send({ conversationId: 'c2', userMessageId: 'u', assistantMessageId: 'a' });
      stream.send({ error: 'The AI service did not answer in time.', conversationId: 'c2' });
      stream.close();
    });
    expect(await screen.findByTestId('reply-error')).toHaveTextContent(
      'Sorry, I encountered an error. Please try again. Details: The AI service did not answer in time.',
    );
    expect(screen.getAllByTestId('chat-message')[0]).toHaveTextContent('Hello');
    expect(input()).toBeEnabled();
    expect(screen.getByTestId('chat-announcer')).toHaveTextContent(
      'Sorry, I encountered an error. Please try again.',
    );
  });

  test('a network failure before any answer: the message waits, is sent again with the same key, answered once', async () => {
    api.onChat = () => {
      api.onChat = null; // the next try reaches the server
      throw new TypeError('Failed to fetch');
    };
    renderWithProviders(<App />);
    await userEvent.setup().type(input(), 'Are you there?{Enter}');
    expect(await screen.findByTestId('waiting-note')).toHaveTextContent('Waiting for network');
    expect(screen.getByTestId('waiting-message')).toHaveTextContent('Are you there?');
    expect(screen.queryByTestId('reply-error')).toBeNull();
    expect(input()).toBeEnabled();
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(api.streams).toHaveLength(1));
    const posts = api.callsTo('POST', '/api/chat');
    expect(posts).toHaveLength(2);
    const key = posts[0].headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(posts[1].headers.get('Idempotency-Key')).toBe(key);
    expect(screen.queryByTestId('waiting-message')).toBeNull();
    const stream = api.streams[0];
    act(() => {
      stream.send({ conversationId: 'c9', userMessageId: 'u9', assistantMessageId: 'a9' }, 0);
      stream.send({ content: 'Yes.' }, 4);
      stream.send({ done: true, conversationId: 'c9' }, 4);
      stream.close();
    });
    await waitFor(() => expect(location()).toBe('/chat?c=c9'));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(2));
    expect(screen.getAllByTestId('chat-message')[1]).toHaveTextContent('Yes.');
    expect(chatOutbox().list()).toEqual([]);
  });

  test('offline: the banner says what works, network tools are disabled with the reason (Quick AI Tools queue instead), messages wait and can be cancelled', async () => {
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderWithProviders(<App />);
      act(() => void window.dispatchEvent(new Event('offline')));
      const banner = await screen.findByTestId('offline-banner');
      expect(banner).toHaveTextContent('You are offline');
      expect(banner).toHaveTextContent('messages you write are kept and sent when the network returns');
      expect(banner).toHaveTextContent(
        'So are images you ask for and voice recordings or audio files to transcribe.',
      );
      // Images and voice wait in the media outbox (quick-actions/QuickActions.spec.tsx).
      expect(screen.getByRole('button', { name: 'Quick AI Tools' })).toBeEnabled();
      expect(screen.getByTestId('enhancements-button')).toBeDisabled();
      expect(screen.getByTestId('enhancements-button')).toHaveAccessibleDescription('Needs a connection');
      const user = userEvent.setup();
      await user.type(input(), 'First{Enter}');
      await user.type(input(), 'Second{Enter}');
      expect(screen.getAllByTestId('waiting-message').map((m) => m.textContent)).toEqual([
        expect.stringContaining('First'),
        expect.stringContaining('Second'),
      ]);
      expect(api.callsTo('POST', '/api/chat')).toHaveLength(0);
      await user.click(screen.getAllByRole('button', { name: 'Cancel this waiting message' })[1]);
      expect(screen.getAllByTestId('waiting-message')).toHaveLength(1);

      onLine.mockReturnValue(true);
      act(() => void window.dispatchEvent(new Event('online')));
      await waitFor(() => expect(api.streams).toHaveLength(1));
      expect(screen.queryByTestId('offline-banner')).toBeNull();
      expect(api.callsTo('POST', '/api/chat').map((c) => c.body)).toEqual([{ message: 'First' }]);
    } finally {
      onLine.mockRestore();
    }
  });

  test('a reply cut mid-stream reattaches with Last-Event-ID and goes on without a gap or a repeat', async () => {
    api.resumable = true;
    renderWithProviders(<App />);
    const { stream } = await sendMessage('Tell me about rain');
    act(() => {
      stream.send({ conversationId: 'c5', userMessageId: 'u5', assistantMessageId: 'a5' }, 0);
      stream.send({ content: 'Rain ' }, 5);
      stream.send({ content: 'falls ' }, 11);
    });
    await waitFor(() => expect(screen.getByTestId('live-reply')).toHaveTextContent('Rain falls'));
    act(() => stream.drop());
    await waitFor(() => expect(api.resumeStreams).toHaveLength(1), { timeout: 3000 });
    const resumed = api.resumeStreams[0];
    expect(resumed.id).toBe('a5');
    expect(resumed.lastEventId).toBe('11');
    act(() => {
      resumed.send({ conversationId: 'c5', userMessageId: 'u5', assistantMessageId: 'a5' }, 0);
      // A server answering from a little earlier: the overlap is not shown twice.
      resumed.send({ content: 'falls from clouds.' }, 23);
      resumed.send({ done: true, conversationId: 'c5' }, 23);
      resumed.close();
    });
    await waitFor(() => expect(screen.queryByTestId('live-reply')).toBeNull());
    expect(screen.getAllByTestId('chat-message')[1]).toHaveTextContent(/^Kasa\s*Rain falls from clouds\.$/);
    expect(screen.queryByTestId('reply-error')).toBeNull();
    expect(api.callsTo('POST', '/api/chat')).toHaveLength(1);
  });

  test('a non-OK answer (429 usage limit) ends like any failure', async () => {
    api.onChat = () =>
      jsonResponse(429, {
        error: 'Usage limit exceeded',
        feature: 'messagesPerMonth',
        current: 50,
        limit: 50,
        upgradeRequired: true,
      });
    renderWithProviders(<App />);
    await userEvent.setup().type(input(), 'One more{Enter}');
    expect(await screen.findByTestId('reply-error')).toHaveTextContent(
      'Sorry, I encountered an error. Please try again.',
    );
    expect(screen.getAllByTestId('chat-message')[0]).toHaveTextContent('One more');
    expect(input()).toBeEnabled();
  });

  test('the connection drops mid-reply: the server copy is read and followed until it is complete', async () => {
    renderWithProviders(<App />);
    const { stream } = await sendMessage('Tell me about compost');
    act(() => {
      stream.send({ conversationId: 'c3', userMessageId: 'u3', assistantMessageId: 'a3' });
      stream.send({ content: 'Compost is ' });
    });
    await waitFor(() => expect(screen.getByTestId('live-reply')).toHaveTextContent('Compost is'));
    api.addConversation(
      'c3',
      'Tell me about compost',
      [
        message('u3', 'user', 'Tell me about compost'),
        message('a3', 'assistant', 'Compost is decayed', { status: 'streaming' }),
      ],
      true,
    );
    act(() => stream.drop());
    expect(await screen.findByTestId('still-writing')).toHaveTextContent('Kasa is still writing this reply…');
    expect(screen.getAllByTestId('chat-message')).toHaveLength(2);
    expect(screen.getAllByTestId('chat-message')[1]).toHaveTextContent('Compost is decayed');
    api.messages.set('c3', [
      message('u3', 'user', 'Tell me about compost'),
      message('a3', 'assistant', 'Compost is decayed plant and animal matter.'),
    ]);
    await waitFor(() => expect(screen.queryByTestId('still-writing')).toBeNull(), { timeout: 4000 });
    expect(screen.getAllByTestId('chat-message')[1]).toHaveTextContent(
      'Compost is decayed plant and animal matter.',
    );
    expect(screen.queryByTestId('reply-error')).toBeNull();
    expect(location()).toBe('/chat?c=c3');
  });

  test('Stop posts …/stop and ends the reply, keeping what was written', async () => {
    renderWithProviders(<App />);
    const { user, stream } = await sendMessage('Write a long letter');
    api.onStop = (id) => {
      expect(id).toBe('c4');
      setTimeout(() => {
        stream.send({ done: true, stopped: true, conversationId: 'c4' });
        stream.close();
      }, 10);
    };
    act(() => {
      stream.send({ conversationId: 'c4', userMessageId: 'u4', assistantMessageId: 'a4' });
      stream.send({ content: 'Dear Sir, I write to' });
    });
    await waitFor(() => expect(screen.getByTestId('live-reply')).toHaveTextContent('Dear Sir, I write to'));
    await user.click(screen.getByRole('button', { name: 'Stop the reply' }));
    expect(api.callsTo('POST', '/api/chat/conversations/c4/stop')).toHaveLength(1);
    expect(await screen.findByTestId('stopped-note')).toHaveTextContent('Stopped');
    expect(screen.getAllByTestId('chat-message')[1]).toHaveTextContent('Dear Sir, I write to');
    expect(input()).toBeEnabled();
    expect(screen.getByTestId('chat-announcer')).toHaveTextContent('The reply was stopped.');
  });
});

test('Stop before the server has answered: the stop is posted as soon as the conversation is known', async () => {
  renderWithProviders(<App />);
  const { user, stream } = await sendMessage('Plan my week');
  await user.click(screen.getByRole('button', { name: 'Stop the reply' }));
  expect(screen.getByRole('button', { name: 'Stop the reply' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Stop the reply' })).toHaveTextContent('Stopping…');
  expect(api.callsTo('POST', /\/stop$/)).toHaveLength(0);
  act(() => stream.send({ conversationId: 'c8', userMessageId: 'u8', assistantMessageId: 'a8' }));
  await waitFor(() => expect(api.callsTo('POST', '/api/chat/conversations/c8/stop')).toHaveLength(1));
  act(() => {
    stream.send({ done: true, stopped: true, conversationId: 'c8' });
    stream.close();
  });
  expect(await screen.findByTestId('stopped-note')).toBeInTheDocument();
  expect(input()).toBeEnabled();
});

describe('conversations', () => {
  beforeEach(() => {
    api.addConversation('c1', 'Maize planting', [
      message('m1', 'user', 'When do I plant maize?'),
      message('m2', 'assistant', 'With the **first rains**.'),
    ]);
    api.addConversation('c2', 'Poultry vaccines', [
      message('m3', 'user', 'Newcastle vaccine?'),
      message('m4', 'assistant', 'At day 7 and week 4.'),
    ]);
  });

  test('Recent lists the conversations and highlights the open one; selecting another loads its messages', async () => {
    renderWithProviders(<App />, { path: '/chat?c=c1' });
    const recent = await screen.findByTestId('recent-list');
    expect(
      within(recent)
        .getAllByTestId('conversation-item')
        .map((b) => b.textContent),
    ).toEqual(['Maize planting', 'Poultry vaccines']);
    expect(within(recent).getByRole('button', { name: 'Maize planting' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(recent).getByRole('button', { name: 'Poultry vaccines' })).not.toHaveAttribute(
      'aria-current',
    );
    expect((await screen.findByText('first rains')).tagName).toBe('STRONG');

    await userEvent.setup().click(within(recent).getByRole('button', { name: 'Poultry vaccines' }));
    expect(await screen.findByText('At day 7 and week 4.')).toBeInTheDocument();
    expect(location()).toBe('/chat?c=c2');
    expect(within(recent).getByRole('button', { name: 'Poultry vaccines' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.queryByText('When do I plant maize?')).toBeNull();
    expect(api.callsTo('GET', '/api/chat/conversations/c2')).toHaveLength(1);
  });

  test('New chat leaves the conversation for the welcome panel', async () => {
    renderWithProviders(<App />, { path: '/chat?c=c1' });
    await screen.findByText('When do I plant maize?');
    await userEvent.setup().click(screen.getByRole('button', { name: 'New chat' }));
    expect(location()).toBe('/chat');
    expect(screen.getByTestId('chat-welcome')).toBeInTheDocument();
    expect(screen.queryByText('When do I plant maize?')).toBeNull();
  });

  test('rename: PATCH with the new title; Cancel and Escape change nothing', async () => {
    renderWithProviders(<App />);
    await screen.findByTestId('recent-list');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rename “Maize planting”' }));
    const field = screen.getByRole('textbox', { name: 'New title' });
    expect(field).toHaveValue('Maize planting');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'New title' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Rename “Maize planting”' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Rename “Maize planting”' }));
    await user.clear(screen.getByRole('textbox', { name: 'New title' }));
    await user.type(screen.getByRole('textbox', { name: 'New title' }), '  Maize calendar 2026 {Enter}');
    expect(await screen.findByRole('button', { name: 'Maize calendar 2026' })).toBeInTheDocument();
    const patch = api.callsTo('PATCH', '/api/chat/conversations/c1');
    expect(patch).toHaveLength(1);
    expect(patch[0].body).toEqual({ title: 'Maize calendar 2026' });
  });

  test('delete asks to confirm: Cancel keeps it, Delete removes it and leaves it when it was open', async () => {
    renderWithProviders(<App />, { path: '/chat?c=c1' });
    await screen.findByText('When do I plant maize?');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete “Maize planting”' }));
    expect(screen.getByText('Delete “Maize planting”? This cannot be undone.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', /conversations/)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Maize planting' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete “Maize planting”' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Maize planting' })).toBeNull());
    expect(api.callsTo('DELETE', '/api/chat/conversations/c1')).toHaveLength(1);
    await waitFor(() => expect(location()).toBe('/chat'), { timeout: 3000 });
    expect(screen.getByTestId('chat-welcome')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent' })).toHaveFocus();
  });

  test('search across conversations: debounced, matches marked, a result opens its conversation', async () => {
    api.search = (q) =>
      q === 'vaccine'
        ? [
            {
              conversationId: 'c2',
              title: 'Poultry vaccines',
              messageId: 'm3',
              role: 'user',
              snippet: 'Newcastle «vaccine»?',
              createdAt: new Date(2026, 0, 1).toISOString(),
            },
          ]
        : [];
    renderWithProviders(<App />);
    await screen.findByTestId('recent-list');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search your conversations' }), 'vaccine');
    const hit = await screen.findByTestId('search-hit');
    expect(api.callsTo('GET', /^\/api\/chat\/search\?q=/).map((c) => c.url)).toEqual([
      '/api/chat/search?q=vaccine',
    ]);
    expect(within(hit).getByText('vaccine').tagName).toBe('MARK');
    expect(hit).toHaveTextContent('Poultry vaccinesNewcastle vaccine?');
    expect(screen.queryByTestId('recent-list')).toBeNull();
    await user.click(hit);
    expect(await screen.findByText('At day 7 and week 4.')).toBeInTheDocument();
    expect(location()).toBe('/chat?c=c2');

    await user.clear(screen.getByRole('searchbox', { name: 'Search your conversations' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search your conversations' }), 'zebu');
    expect(await screen.findByText('Nothing found for “zebu”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByTestId('recent-list')).toBeInTheDocument();
  });

  test('loaded replies: still being written (followed until done), stopped, failed', async () => {
    api.addConversation(
      'c5',
      'Irrigation',
      [
        message('m1', 'user', 'Drip?'),
        message('m2', 'assistant', 'Use bottles', { status: 'stopped' }),
        message('m3', 'user', 'And buckets?'),
        message('m4', 'assistant', '', { status: 'failed', error: 'The model failed.' }),
        message('m5', 'user', 'Mulch?'),
        message('m6', 'assistant', 'Mulch keeps', { status: 'streaming' }),
      ],
      true,
    );
    renderWithProviders(<App />, { path: '/chat?c=c5' });
    expect(await screen.findByTestId('still-writing')).toHaveTextContent('Kasa is still writing this reply…');
    expect(screen.getByTestId('stopped-note')).toHaveTextContent('Stopped');
    expect(screen.getByTestId('reply-error')).toHaveTextContent(
      'Sorry, I encountered an error. Please try again. Details: The model failed.',
    );
    expect(input()).toBeEnabled();
    const messages = api.messages.get('c5')!;
    messages[5] = message('m6', 'assistant', 'Mulch keeps the soil moist.');
    await waitFor(() => expect(screen.queryByTestId('still-writing')).toBeNull(), { timeout: 4000 });
    expect(screen.getByText('Mulch keeps the soil moist.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/chat/conversations/c5').length).toBeGreaterThanOrEqual(2);
  });

  test('a conversation that cannot be loaded says so, with Retry and New chat', async () => {
    let fail = true;
    api.conversationAnswer = () =>
      fail ? jsonResponse(404, { message: 'Conversation not found' }) : undefined;
    renderWithProviders(<App />, { path: '/chat?c=c1' });
    expect(await screen.findByTestId('conversation-error')).toHaveTextContent(
      'This conversation could not be loaded.',
    );
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('When do I plant maize?')).toBeInTheDocument();
  });

  test('the list failing to load offers Retry', async () => {
    const real = globalThis.fetch;
    let fail = true;
    (globalThis as { fetch?: unknown }).fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) =>
      fail && String(input) === '/api/chat/conversations'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : real(input, init),
    );
    renderWithProviders(<App />);
    expect(await screen.findByText('Could not load your conversations.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Maize planting' })).toBeInTheDocument();
  });
});

describe('top bar and sidebar links', () => {
  test('the brand, the username, Get Pro → /subscription, the areas’ links with Chat current, Logout signs out', async () => {
    localStorage.setItem('auth_token', 'token-1');
    api.user = { id: 'u1', username: 'amina', email: null, createdAt: '2026-01-01T00:00:00.000Z' };
    const signOut = jest.fn();
    renderWithProviders(<App />, { session: { username: 'amina', signOut } });
    expect(screen.getByTestId('chat-username')).toHaveTextContent('amina');
    expect(screen.getByRole('link', { name: 'Get Pro' })).toHaveAttribute('href', '/subscription');
    expect(screen.getByRole('link', { name: 'Kasa' })).toHaveAttribute('href', '/');
    // The same links, in the same order, as under every other screen's header (libs/ui MainNav).
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Chat', '/chat'],
      ['AI Studio', '/ai-studio'],
      ['Subscription', '/subscription'],
      ['Account', '/account'],
    ]);
    expect(nav.getByRole('link', { name: 'Chat' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('theme-toggle')).toHaveTextContent('White Mode');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  test("'USER' when no username is known, and no Logout without a session", async () => {
    renderWithProviders(<App />);
    expect(screen.getByTestId('chat-username')).toHaveTextContent(/^USER$/);
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  test('Back goes to / when there is no earlier page of the app', async () => {
    renderWithProviders(<App />, { path: '/chat?c=c1' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/');
  });

  test('Back goes back in history when the app has an earlier page', async () => {
    // react-router's browser history keeps the entry's index in history.state.
    window.history.replaceState({ idx: 1 }, '');
    renderWithProviders(<App />, { path: '/chat?c=c1', history: ['/account'] });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location()).toBe('/account'));
  });

  test('the theme toggle and the language switch work from the sidebar', async () => {
    renderWithProviders(<App />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /White Mode/ }));
    expect(document.documentElement.dataset.theme).toBe('mono');
    expect(screen.getByTestId('theme-toggle')).toHaveTextContent('Color Mode');
    await user.click(screen.getByTestId('language-switch'));
    expect(screen.getByRole('button', { name: 'Nouvelle discussion' })).toBeInTheDocument();
  });
});

describe('phones (360 px)', () => {
  beforeEach(() => {
    setViewportWidth(360);
    api.addConversation('c1', 'Maize planting', [message('m1', 'user', 'When do I plant maize?')]);
  });

  test('the sidebar is a drawer, closed at first; it opens over the content, Escape closes it and focus returns', async () => {
    renderWithProviders(<App />);
    const toggle = screen.getByRole('button', { name: 'Open sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('chat-sidebar')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('button', { name: 'New chat' })).toBeNull();

    const user = userEvent.setup();
    await user.click(toggle);
    const drawer = screen.getByRole('dialog', { name: 'Conversations and settings' });
    expect(within(drawer).getByRole('button', { name: 'Close sidebar' })).toHaveFocus();
    expect(screen.getByTestId('sidebar-toggle')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('chat-page').querySelector('[inert]')).toContainElement(input());
    expect(within(drawer).getByRole('button', { name: 'New chat' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('chat-sidebar')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('button', { name: 'Open sidebar' })).toHaveFocus();

    // Picking a conversation closes the drawer.
    await user.click(screen.getByRole('button', { name: 'Open sidebar' }));
    await user.click(
      await within(screen.getByRole('dialog')).findByRole('button', { name: 'Maize planting' }),
    );
    expect(location()).toBe('/chat?c=c1');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('When do I plant maize?')).toBeInTheDocument();
  });

  test('the closed drawer renders its contents once the first screen is idle, not in the first commit', async () => {
    renderWithProviders(<App />);
    const drawer = screen.getByTestId('chat-sidebar');
    // The first screen: the drawer's frame only (its history and tools are off screen).
    expect(drawer).toBeEmptyDOMElement();
    expect(screen.getByRole('textbox', { name: 'Message Kasa' })).toBeInTheDocument();
    // Idle: the contents arrive, still hidden, so the drawer opens on them at once.
    await waitFor(() => expect(within(drawer).getByText('Maize planting')).toBeInTheDocument());
    expect(drawer).toHaveAttribute('aria-hidden', 'true');
  });

  test('soft keyboard: the input bar moves up when the viewport shrinks by more than 150 px, at most 300 px', () => {
    const listeners = new Set<() => void>();
    const viewport = {
      height: window.innerHeight,
      scale: 1,
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    };
    Object.defineProperty(window, 'visualViewport', { configurable: true, value: viewport });
    try {
      renderWithProviders(<App />);
      const page = screen.getByTestId('chat-page');
      const resize = (shrink: number) =>
        act(() => {
          viewport.height = window.innerHeight - shrink;
          listeners.forEach((l) => l());
        });
      expect(page).toHaveAttribute('data-keyboard-offset', '0');
      resize(120);
      expect(page).toHaveAttribute('data-keyboard-offset', '0');
      resize(240);
      expect(page).toHaveAttribute('data-keyboard-offset', '240');
      expect(page).toHaveStyle({ paddingBottom: '240px' });
      resize(420);
      expect(page).toHaveAttribute('data-keyboard-offset', '300');
      resize(0);
      expect(page).toHaveAttribute('data-keyboard-offset', '0');
    } finally {
      Object.defineProperty(window, 'visualViewport', { configurable: true, value: undefined });
    }
  });
});

test('messages with an image (Download) and audio (transcription, Play, Download)', async () => {
  api.addConversation('c7', 'Media', [
    message('m1', 'assistant', 'Here is your picture.', {
      mediaUrl: '/api/files/farm.png',
      mediaType: 'image',
    }),
    message('m2', 'user', '', {
      audioUrl: '/api/files/question.mp3',
      transcription: 'When do I sell my cocoa?',
    }),
  ]);
  const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  try {
    renderWithProviders(<App />, { path: '/chat?c=c7' });
    const image = await screen.findByRole('img', { name: 'Image from Kasa' });
    expect(image).toHaveAttribute('src', '/api/files/farm.png');
    expect(screen.getByRole('button', { name: 'Download image' })).toBeInTheDocument();
    const audio = screen.getByTestId('message-audio');
    expect(audio).toHaveTextContent('Transcription:When do I sell my cocoa?');
    expect(audio.querySelector('audio')).toHaveAttribute('preload', 'none');
    const user = userEvent.setup();
    await user.click(within(audio).getByRole('button', { name: 'Play' }));
    expect(play).toHaveBeenCalled();
    expect(within(audio).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(within(audio).getByRole('button', { name: 'Download audio' })).toBeInTheDocument();
  } finally {
    play.mockRestore();
  }
});

test('in French', async () => {
  api.addConversation('c1', 'Maïs', [
    message('m1', 'user', 'Quand semer ?'),
    message('m2', 'assistant', 'Avec les pluies', { status: 'stopped' }),
  ]);
  renderWithProviders(<App />, { language: 'fr' });
  expect(screen.getByTestId('chat-welcome')).toHaveTextContent('Bonjour, je suis Kasa, votre assistant IA');
  expect(screen.getByRole('button', { name: 'Plus' })).toBeInTheDocument();
  expect(screen.getByTestId('suggestions-hint')).toHaveTextContent(
    'Touchez une suggestion ou écrivez votre question ci-dessous.',
  );
  expect(screen.getAllByTestId('tip')[0]).toHaveTextContent(starterTips('fr')[0].title);
  expect(screen.getByRole('textbox', { name: 'Message à Kasa' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Nouvelle discussion' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Studio IA' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Passer à Pro' })).toHaveAttribute('href', '/subscription');
  expect(screen.getByTestId('chat-username')).toHaveTextContent('UTILISATEUR');
  expect(screen.getByRole('heading', { name: 'Récentes' })).toBeInTheDocument();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Maïs' }));
  expect(await screen.findByTestId('stopped-note')).toHaveTextContent('Arrêtée');
  expect(screen.getAllByTestId('chat-message')[0]).toHaveTextContent('VousQuand semer ?');

  api.onChat = () => {
    throw new TypeError('Failed to fetch');
  };
  await user.type(screen.getByRole('textbox', { name: 'Message à Kasa' }), 'Encore ?{Enter}');
  expect(await screen.findByTestId('waiting-note')).toHaveTextContent('En attente du réseau');
  expect(screen.getByRole('button', { name: 'Annuler ce message en attente' })).toBeInTheDocument();
});

test('mount points: sidebar tools and composer tools render only when given; the app mounts Quick AI Tools', async () => {
  const { unmount } = renderWithProviders(<App />);
  expect(
    within(screen.getByTestId('chat-sidebar')).getByRole('button', { name: 'Quick AI Tools' }),
  ).toBeInTheDocument();
  unmount();
  renderWithProviders(
    <ChatScreen
      sidebarTools={(tools) => <button onClick={tools.closeSidebar}>Sidebar tool</button>}
      composerTools={(tools) => (
        <button onClick={() => tools.insertText('from a tool')}>Composer tool</button>
      )}
    />,
  );
  expect(screen.queryByRole('button', { name: 'Quick AI Tools' })).toBeNull();
  expect(
    within(screen.getByTestId('chat-sidebar')).getByRole('button', { name: 'Sidebar tool' }),
  ).toBeInTheDocument();
  const user = userEvent.setup();
  await user.type(input(), 'Hello');
  await user.click(screen.getByRole('button', { name: 'Composer tool' }));
  expect(input()).toHaveValue('Hello from a tool');
});

describe("failures in the reader's language (error codes)", () => {
  test('a stream error event with its code: the code’s text, French in French', async () => {
    renderWithProviders(<App />, { language: 'fr' });
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Message à Kasa' }), 'Bonjour{Enter}');
    await waitFor(() => expect(api.streams).toHaveLength(1));
    const stream = api.streams[0];
    act(() => {
      stream.send({ conversationId: 'c2', userMessageId: 'u', assistantMessageId: 'a' });
      stream.send({
        error: 'The AI service did not answer in time.',
        code: 'AI_TIMEOUT',
        conversationId: 'c2',
      });
      stream.close();
    });
    expect(await screen.findByTestId('reply-error')).toHaveTextContent(
      "Désolé, une erreur est survenue. Veuillez réessayer. Détails : Le service d'IA n'a pas répondu à temps.",
    );
  });

  test('a stored failed reply: its errorCode in French; English keeps the stored words', async () => {
    api.addConversation('c7', 'Pluies', [
      message('m1', 'user', 'Et la pluie ?'),
      message('m2', 'assistant', '', {
        status: 'failed',
        error: 'The reply was interrupted by a server restart.',
        errorCode: 'CHAT_REPLY_INTERRUPTED',
      }),
    ]);
    const { unmount } = renderWithProviders(<App />, { path: '/chat?c=c7', language: 'fr' });
    expect(await screen.findByTestId('reply-error')).toHaveTextContent(
      'Détails : La réponse a été interrompue par un redémarrage du serveur.',
    );
    unmount();
    renderWithProviders(<App />, { path: '/chat?c=c7' });
    expect(await screen.findByTestId('reply-error')).toHaveTextContent(
      'Details: The reply was interrupted by a server restart.',
    );
  });

  test('a reply failed on the server’s AI set-up never shows a setting, even in words stored before', async () => {
    api.addConversation('c8', 'Clé', [
      message('m1', 'user', 'Bonjour'),
      message('m2', 'assistant', '', {
        status: 'failed',
        error: 'The AI service refused the API key. The administrator should check OPENAI_API_KEY.',
        errorCode: 'AI_AUTH_FAILED',
      }),
    ]);
    const { unmount } = renderWithProviders(<App />, { path: '/chat?c=c8', language: 'fr' });
    const french = await screen.findByTestId('reply-error');
    await waitFor(() =>
      expect(french).toHaveTextContent(
        "Détails : Le service d'IA n'est pas correctement configuré sur ce serveur. Veuillez prévenir l'administrateur.",
      ),
    );
    expect(french).not.toHaveTextContent('OPENAI_API_KEY');
    unmount();
    renderWithProviders(<App />, { path: '/chat?c=c8' });
    const english = await screen.findByTestId('reply-error');
    await waitFor(() =>
      expect(english).toHaveTextContent(
        'Details: The AI service is not set up correctly on this server. Please tell the administrator.',
      ),
    );
    expect(english).not.toHaveTextContent('OPENAI_API_KEY');
  });

  test('a failed reply (its writer stopped) offers Retry, which writes a new version of it', async () => {
    api.addConversation('c7r', 'Pluies', [
      message('m1', 'user', 'And the rain?'),
      message('m2', 'assistant', 'The rain comes in', {
        status: 'failed',
        error: 'The reply was interrupted by a server restart.',
        errorCode: 'CHAT_REPLY_INTERRUPTED',
      }),
    ]);
    renderWithProviders(<App />, { path: '/chat?c=c7r' });
    // The text shown before the interruption stays, with the error and Retry.
    expect(await screen.findByText('The rain comes in')).toBeInTheDocument();
    await userEvent.setup().click(await screen.findByTestId('retry-reply'));
    await waitFor(() => expect(api.regenerateStreams).toHaveLength(1));
    expect(api.regenerateStreams[0].id).toBe('m2');
    expect(api.callsTo('POST', '/api/chat')).toHaveLength(0);
    // The new version is written in the failed one's place; the question is not shown twice.
    expect(screen.queryByTestId('retry-reply')).not.toBeInTheDocument();
    expect(screen.queryByText('The rain comes in')).not.toBeInTheDocument();
    expect(screen.getAllByText('And the rain?')).toHaveLength(1);
    expect(screen.getByTestId('live-reply')).toBeInTheDocument();
  });

  test('a send the server refuses before streaming names the reason', async () => {
    api.onChat = () =>
      jsonResponse(503, {
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'CHAT_SERVER_RESTARTING',
        message: 'The server is restarting. Please send your message again in a moment.',
      });
    renderWithProviders(<App />);
    await userEvent.setup().type(input(), 'Hello?{Enter}');
    expect(await screen.findByTestId('reply-error')).toHaveTextContent(
      'Sorry, I encountered an error. Please try again. Details: The server is restarting. Please send your message again in a moment.',
    );
  });

  test('a rename of a conversation gone meanwhile: the toast says so in French', async () => {
    api.addConversation('c8', 'Maïs');
    renderWithProviders(<App />, { language: 'fr' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Renommer « Maïs »' }));
    // Deleted elsewhere (another tab, another phone) while this list still shows it.
    api.conversations = [];
    await user.type(screen.getByRole('textbox', { name: /titre/i }), ' 2026{Enter}');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Échec du renommage');
    expect(toast).toHaveTextContent('Conversation introuvable.');
  });
});
