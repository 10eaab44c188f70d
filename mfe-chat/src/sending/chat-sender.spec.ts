// The send machine without React: a real QueryClient and outbox (in memory), the chat API answered
// at the network boundary (testing/chat-harness FakeApi: global fetch and event streams).
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@kasa/api-client';
import { ApiError } from '@kasa/api-client';
import { CHAT_ROOT_PARENT_ID, IDEMPOTENCY_KEY_HEADER, type ChatMessage } from '@kasa/contracts';
import { MemoryStore } from '../offline/idb-store';
import { Outbox, type OutboxItem } from '../offline/outbox';
import { conversationQueryKey } from '../shared/chat-api';
import { eventStream, FakeApi, jsonResponse, message } from '../testing/chat-harness';
import { ChatSender, type ChatSenderCallbacks, type ChatSenderSnapshot } from './chat-sender';

let api: FakeApi;
let queryClient: QueryClient;
let outbox: Outbox;
let sender: ChatSender;
let callbacks: { onAdopt: jest.Mock; onSettled: jest.Mock; onUnsent: jest.Mock; onNotStarted: jest.Mock };
let stopSender: () => void;
let online = true;

/** Waits (real timers) until `read` answers something truthy. */
async function until<T>(read: () => T | null | undefined | false, timeoutMs = 2000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${read.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const snapshot = (): ChatSenderSnapshot => sender.getSnapshot();
const chatPosts = () => api.callsTo('POST', '/api/chat');

async function startSender(conversationId: string | null): Promise<void> {
  sender.configure(conversationId, callbacks as ChatSenderCallbacks);
  stopSender = sender.start();
  await outbox.load('');
}

beforeEach(() => {
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  api = new FakeApi();
  api.install();
  queryClient = createQueryClient();
  outbox = new Outbox(new MemoryStore<OutboxItem>());
  sender = new ChatSender({ queryClient, outbox, retryMs: () => 10, stopGraceMs: 50 });
  callbacks = { onAdopt: jest.fn(), onSettled: jest.fn(), onUnsent: jest.fn(), onNotStarted: jest.fn() };
});

afterEach(() => {
  stopSender?.();
  queryClient.clear();
});

test('send → waiting → streaming chunks → done: the conversation adopted, both messages in the cache', async () => {
  await startSender(null);
  const listener = jest.fn();
  sender.subscribe(listener);

  expect(sender.send({ message: '  Hello  ' })).toBe(true);
  const sent = snapshot();
  expect(sent.pending).toBe(true);
  expect(sent.turn).toMatchObject({ phase: 'waiting', reply: '', conversationId: null, origin: null });
  expect(sent.turn?.userMessage.content).toBe('Hello');
  // The message being sent is not listed as waiting.
  expect(sent.waiting).toEqual([]);
  expect(Object.isFrozen(sent)).toBe(true);
  expect(listener).toHaveBeenCalled();
  // A second send while a reply is pending does nothing.
  expect(sender.send({ message: 'again' })).toBe(false);

  const stream = await until(() => api.streams[0]);
  const [post] = chatPosts();
  expect(post.body).toEqual({ message: 'Hello' });
  expect(post.headers.get(IDEMPOTENCY_KEY_HEADER)).toBe(sent.turn?.itemKey);

  stream.send({ conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a1' }, 0);
  await until(() => callbacks.onAdopt.mock.calls.length);
  expect(callbacks.onAdopt).toHaveBeenCalledWith('c1');
  expect(snapshot().turn).toMatchObject({
    conversationId: 'c1',
    userMessageId: 'u1',
    assistantMessageId: 'a1',
  });
  // The server has the message: it left the outbox.
  expect(outbox.list()).toEqual([]);

  stream.send({ content: 'Hel' }, 3);
  stream.send({ content: 'lo!' }, 6);
  await until(() => snapshot().turn?.reply === 'Hello!');
  expect(snapshot().turn?.phase).toBe('streaming');
  // Snapshots are never changed in place.
  expect(sent.turn?.reply).toBe('');

  stream.send({ done: true }, 6);
  stream.close();
  await until(() => !snapshot().pending);
  expect(snapshot().turn).toBeNull();
  expect(callbacks.onSettled).toHaveBeenCalledWith('done', { reply: 'Hello!' });
  expect(callbacks.onUnsent).not.toHaveBeenCalled();
  const stored = queryClient.getQueryData<ChatMessage[]>(conversationQueryKey('c1'));
  expect(stored?.map((m) => [m.id, m.role, m.content, m.status])).toEqual([
    ['u1', 'user', 'Hello', 'complete'],
    ['a1', 'assistant', 'Hello!', 'complete'],
  ]);
});

test('a reply waiting for the model shows how many come before it, until its first words', async () => {
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), []);
  await startSender('c1');
  sender.send({ message: 'When do I plant maize?' });
  const stream = await until(() => api.streams[0]);
  stream.send({ conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a1' }, 0);
  stream.send({ repliesAhead: 2 }, 0);
  await until(() => snapshot().turn?.repliesAhead === 2);
  stream.send({ repliesAhead: 1 }, 0);
  await until(() => snapshot().turn?.repliesAhead === 1);
  expect(snapshot().turn?.phase).toBe('waiting');

  stream.send({ content: 'In March' }, 8);
  await until(() => snapshot().turn?.phase === 'streaming');
  expect(snapshot().turn?.repliesAhead).toBeUndefined();
  stream.send({ done: true }, 8);
  stream.close();
  await until(() => !snapshot().pending);
});

test('an error event fails the reply with the server’s words; the draft is not given back', async () => {
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), []);
  await startSender('c1');

  sender.send({ message: 'Explain' });
  const stream = await until(() => api.streams[0]);
  expect(chatPosts()[0].body).toEqual({ message: 'Explain', conversationId: 'c1' });
  stream.send({ conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a1' }, 0);
  stream.send({ content: 'Part' }, 4);
  stream.send({ error: 'The model is unavailable.', code: 'CHAT_REPLY_FAILED' }, 4);
  stream.close();

  await until(() => callbacks.onSettled.mock.calls.length);
  expect(callbacks.onSettled).toHaveBeenCalledWith('failed', { reply: 'Part' });
  expect(callbacks.onUnsent).not.toHaveBeenCalled();
  expect(callbacks.onAdopt).not.toHaveBeenCalled();
  const reply = queryClient.getQueryData<ChatMessage[]>(conversationQueryKey('c1'))?.[1];
  expect(reply).toMatchObject({
    id: 'a1',
    content: 'Part',
    status: 'failed',
    error: 'The model is unavailable.',
    errorCode: 'CHAT_REPLY_FAILED',
  });
});

test('a refused send leaves the outbox, gives the draft back and stays as an unsaved new chat', async () => {
  api.onChat = () => jsonResponse(400, { statusCode: 400, message: 'Message too long.' });
  await startSender(null);

  sender.send({ message: 'Hi' });
  await until(() => callbacks.onSettled.mock.calls.length);

  expect(callbacks.onSettled).toHaveBeenCalledWith('failed', { reply: '' });
  expect(callbacks.onUnsent).toHaveBeenCalledWith({ message: 'Hi', attachments: undefined });
  expect(outbox.list()).toEqual([]);
  expect(snapshot().unsaved.map((m) => [m.role, m.content, m.status, m.error ?? null])).toEqual([
    ['user', 'Hi', 'complete', null],
    ['assistant', '', 'failed', 'Message too long.'],
  ]);

  sender.forgetUnsaved();
  expect(snapshot().unsaved).toEqual([]);
});

test('stop: POST …/stop, the turn shows it stops, the server ends the stream with {done, stopped}', async () => {
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), []);
  const stopped: string[] = [];
  api.onStop = (id) => stopped.push(id);
  await startSender('c1');

  sender.send({ message: 'Write a long story' });
  const stream = await until(() => api.streams[0]);
  stream.send({ conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a1' }, 0);
  stream.send({ content: 'Once' }, 4);
  await until(() => snapshot().turn?.assistantMessageId);

  sender.stop();
  expect(snapshot().turn?.stopping).toBe(true);
  await until(() => stopped.length);
  expect(stopped).toEqual(['c1']);

  stream.send({ done: true, stopped: true }, 4);
  stream.close();
  await until(() => callbacks.onSettled.mock.calls.length);
  expect(callbacks.onSettled).toHaveBeenCalledWith('stopped', { reply: 'Once' });
  expect(queryClient.getQueryData<ChatMessage[]>(conversationQueryKey('c1'))?.[1]).toMatchObject({
    content: 'Once',
    status: 'stopped',
  });
});

test('stop when the server never ends the stream: no longer read after the grace time', async () => {
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), []);
  await startSender('c1');

  sender.send({ message: 'Hello' });
  const stream = await until(() => api.streams[0]);
  stream.send({ conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a1' }, 0);
  await until(() => snapshot().turn?.assistantMessageId);
  sender.stop();

  await until(() => callbacks.onSettled.mock.calls.length);
  expect(callbacks.onSettled).toHaveBeenCalledWith('stopped', { reply: '' });
  expect(snapshot().pending).toBe(false);
});

test('offline: the message waits in the outbox, and is sent at the "online" event', async () => {
  online = false;
  await startSender(null);

  expect(sender.send({ message: 'Written on the bus' })).toBe(true);
  expect(snapshot().pending).toBe(false);
  expect(snapshot().waiting.map((i) => i.message)).toEqual(['Written on the bus']);
  expect(chatPosts()).toEqual([]);

  online = true;
  window.dispatchEvent(new Event('online'));
  const stream = await until(() => api.streams[0]);
  expect(snapshot().pending).toBe(true);
  expect(snapshot().waiting).toEqual([]);
  stream.send({ conversationId: 'c9', userMessageId: 'u1', assistantMessageId: 'a1' }, 0);
  stream.send({ content: 'Hi' }, 2);
  stream.send({ done: true }, 2);
  stream.close();
  await until(() => callbacks.onSettled.mock.calls.length);
  expect(callbacks.onSettled).toHaveBeenCalledWith('done', { reply: 'Hi' });
  expect(outbox.list()).toEqual([]);
});

test('a POST that fails before the server answers stays in the outbox and is retried with the same key', async () => {
  let tries = 0;
  api.onChat = (_body, signal) => {
    tries += 1;
    if (tries === 1) throw new TypeError('Failed to fetch');
    const stream = eventStream(signal);
    api.streams.push(stream);
    return stream.response;
  };
  await startSender(null);

  sender.send({ message: 'Hello' });
  // After the failure: nothing shown as failed, the message waits for the retry.
  await until(() => tries === 1 && !snapshot().pending);
  expect(snapshot().waiting.map((i) => i.message)).toEqual(['Hello']);
  expect(callbacks.onSettled).not.toHaveBeenCalled();

  const stream = await until(() => api.streams[0]);
  const [first, second] = chatPosts();
  expect(second.headers.get(IDEMPOTENCY_KEY_HEADER)).toBe(first.headers.get(IDEMPOTENCY_KEY_HEADER));
  stream.send({ conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a1' }, 0);
  stream.send({ done: true }, 0);
  stream.close();
  await until(() => callbacks.onSettled.mock.calls.length);
  expect(callbacks.onSettled).toHaveBeenCalledWith('done', { reply: '' });
  expect(callbacks.onUnsent).not.toHaveBeenCalled();
});

test('a stream cut mid-reply is followed again from the last event id', async () => {
  api.resumable = true;
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), []);
  await startSender('c1');

  sender.send({ message: 'Hello' });
  const stream = await until(() => api.streams[0]);
  stream.send({ conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a1' }, 0);
  stream.send({ content: 'Hel' }, 3);
  await until(() => snapshot().turn?.reply === 'Hel');
  stream.drop();

  const resumed = await until(() => api.resumeStreams[0]);
  expect(resumed).toMatchObject({ id: 'a1', lastEventId: '3' });
  expect(snapshot().turn?.reconnecting).toBe(true);
  // The server repeats the ids event, then the text after offset 3.
  resumed.send({ conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a1' }, 3);
  await until(() => snapshot().turn?.reconnecting === false);
  resumed.send({ content: 'lo' }, 5);
  resumed.send({ done: true }, 5);
  resumed.close();

  await until(() => callbacks.onSettled.mock.calls.length);
  expect(callbacks.onSettled).toHaveBeenCalledWith('done', { reply: 'Hello' });
  expect(queryClient.getQueryData<ChatMessage[]>(conversationQueryKey('c1'))?.[1]).toMatchObject({
    content: 'Hello',
    status: 'complete',
  });
});

test('leaving the screen stops reading: nothing is reported, the server’s copy is read later', async () => {
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), []);
  await startSender('c1');

  sender.send({ message: 'Hello' });
  const stream = await until(() => api.streams[0]);
  stream.send({ conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a1' }, 0);
  await until(() => snapshot().turn?.assistantMessageId);

  stopSender();
  await until(() => !snapshot().pending);
  expect(callbacks.onSettled).not.toHaveBeenCalled();
  expect(queryClient.getQueryState(conversationQueryKey('c1'))?.isInvalidated).toBe(true);
});

// ---------- regenerate, edit and resend, model ----------

const cached = (id = 'c1') => queryClient.getQueryData<ChatMessage[]>(conversationQueryKey(id)) ?? [];
const shape = (list: ChatMessage[]) =>
  list.map((m) => [m.id, m.content, m.status, m.parentId ?? null, m.versionIds ?? null]);
const regeneratePosts = () => api.callsTo('POST', /\/regenerate$/);

test('regenerate streams a new version in place of the old one; the arrows then count both', async () => {
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), [
    message('u1', 'user', 'When do I sow?'),
    message('a1', 'assistant', 'In May.', { parentId: 'u1' }),
  ]);
  await startSender('c1');

  expect(sender.regenerate('a1', { model: 'big' })).toBe('started');
  expect(snapshot().turn).toMatchObject({
    kind: 'regenerate',
    replacing: 'a1',
    branchFrom: 'u1',
    userMessageId: 'u1',
    phase: 'waiting',
  });
  // One reply at a time.
  expect(sender.regenerate('a1')).toBe('busy');
  expect(sender.send({ message: 'meanwhile' })).toBe(false);

  const stream = await until(() => api.regenerateStreams[0]);
  expect(stream.id).toBe('a1');
  const [post] = regeneratePosts();
  expect(post.url).toBe('/api/chat/messages/a1/regenerate');
  expect(post.body).toEqual({ model: 'big' });
  expect(post.headers.get(IDEMPOTENCY_KEY_HEADER)).toBe(snapshot().turn?.itemKey);
  expect(chatPosts()).toEqual([]);

  stream.send({ conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a2' }, 0);
  stream.send({ content: 'After the first rains.' }, 22);
  await until(() => snapshot().turn?.reply === 'After the first rains.');
  stream.send({ done: true }, 22);
  stream.close();

  await until(() => callbacks.onSettled.mock.calls.length);
  expect(callbacks.onSettled).toHaveBeenCalledWith('done', { reply: 'After the first rains.' });
  expect(shape(cached())).toEqual([
    ['u1', 'When do I sow?', 'complete', null, null],
    ['a2', 'After the first rains.', 'complete', 'u1', ['a1', 'a2']],
  ]);
  expect(callbacks.onNotStarted).not.toHaveBeenCalled();
});

test('a regenerated reply can be stopped, and a cut stream resumes the version being written', async () => {
  api.resumable = true;
  const stopped: string[] = [];
  api.onStop = (id) => stopped.push(id);
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), [
    message('u1', 'user', 'Hello'),
    message('a1', 'assistant', 'Hi', { versionIds: ['a0', 'a1'] }),
  ]);
  await startSender('c1');

  sender.regenerate('a1');
  const stream = await until(() => api.regenerateStreams[0]);
  stream.send({ conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a2' }, 0);
  stream.send({ content: 'Hel' }, 3);
  await until(() => snapshot().turn?.reply === 'Hel');
  stream.drop();

  const resumed = await until(() => api.resumeStreams[0]);
  expect(resumed).toMatchObject({ id: 'a2', lastEventId: '3' });
  resumed.send({ conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a2' }, 3);
  resumed.send({ content: 'lo' }, 5);
  await until(() => snapshot().turn?.reply === 'Hello');

  sender.stop();
  await until(() => stopped.length);
  expect(stopped).toEqual(['c1']);
  resumed.send({ done: true, stopped: true }, 5);
  resumed.close();
  await until(() => callbacks.onSettled.mock.calls.length);
  expect(callbacks.onSettled).toHaveBeenCalledWith('stopped', { reply: 'Hello' });
  expect(shape(cached())).toEqual([
    ['u1', 'Hello', 'complete', null, null],
    ['a2', 'Hello', 'stopped', 'u1', ['a0', 'a1', 'a2']],
  ]);
});

test('regenerate offline is refused and queues nothing; one the server refuses changes nothing', async () => {
  const before = [message('u1', 'user', 'Hello'), message('a1', 'assistant', 'Hi')];
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), before);
  await startSender('c1');

  online = false;
  expect(sender.regenerate('a1')).toBe('offline');
  online = true;
  window.dispatchEvent(new Event('online'));
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(regeneratePosts()).toEqual([]);
  expect(snapshot().pending).toBe(false);
  // Not a reply of this conversation.
  expect(sender.regenerate('u1')).toBe('unknown');
  expect(sender.regenerate('nope')).toBe('unknown');

  api.onRegenerate = () =>
    jsonResponse(409, {
      statusCode: 409,
      code: 'CHAT_REPLY_STILL_WRITING',
      message: 'This reply is still being written.',
    });
  expect(sender.regenerate('a1')).toBe('started');
  await until(() => callbacks.onNotStarted.mock.calls.length);
  const [operation, error] = callbacks.onNotStarted.mock.calls[0];
  expect(operation).toBe('regenerate');
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).code).toBe('CHAT_REPLY_STILL_WRITING');
  expect(regeneratePosts()).toHaveLength(1);
  expect(snapshot().pending).toBe(false);
  expect(cached()).toBe(before);
  expect(callbacks.onSettled).not.toHaveBeenCalled();
});

test('a regenerate the server could not be reached for is tried again with the same key', async () => {
  let tries = 0;
  api.onRegenerate = (id) => {
    tries += 1;
    if (tries === 1) return new TypeError('Failed to fetch');
    const stream = Object.assign(eventStream(), { id });
    api.regenerateStreams.push(stream);
    return stream.response;
  };
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), [
    message('u1', 'user', 'Hello'),
    message('a1', 'assistant', 'Hi'),
  ]);
  await startSender('c1');

  sender.regenerate('a1');
  const stream = await until(() => api.regenerateStreams[0]);
  const [first, second] = regeneratePosts();
  expect(second.headers.get(IDEMPOTENCY_KEY_HEADER)).toBe(first.headers.get(IDEMPOTENCY_KEY_HEADER));
  stream.send({ conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a2' }, 0);
  stream.send({ content: 'Hey' }, 3);
  stream.send({ done: true }, 3);
  stream.close();
  await until(() => callbacks.onSettled.mock.calls.length);
  expect(cached().map((m) => m.id)).toEqual(['u1', 'a2']);
});

test('edit and resend: a new branch from the edited message’s parent, its versions counted', async () => {
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), [
    message('u1', 'user', 'When do I sow?'),
    message('a1', 'assistant', 'After the rains.', { parentId: 'u1' }),
    message('u2', 'user', 'And maze?', { parentId: 'a1' }),
    message('a2', 'assistant', 'Which maze?', { parentId: 'u2' }),
  ]);
  await startSender('c1');

  expect(sender.send({ message: 'And maize?', parentMessageId: 'a1', model: 'big' })).toBe(true);
  expect(snapshot().turn).toMatchObject({ kind: 'send', branchFrom: 'a1' });
  const stream = await until(() => api.streams[0]);
  expect(chatPosts()[0].body).toEqual({
    message: 'And maize?',
    conversationId: 'c1',
    parentMessageId: 'a1',
    model: 'big',
  });
  stream.send({ conversationId: 'c1', userMessageId: 'u3', assistantMessageId: 'a3' }, 0);
  stream.send({ content: 'In April.' }, 9);
  stream.send({ done: true }, 9);
  stream.close();
  await until(() => callbacks.onSettled.mock.calls.length);
  expect(shape(cached())).toEqual([
    ['u1', 'When do I sow?', 'complete', null, null],
    ['a1', 'After the rains.', 'complete', 'u1', null],
    ['u3', 'And maize?', 'complete', 'a1', ['u2', 'u3']],
    ['a3', 'In April.', 'complete', 'u3', null],
  ]);
});

test('an edit of the first message made offline waits in the outbox and is sent once, same key', async () => {
  online = false;
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), [
    message('u1', 'user', 'Helo'),
    message('a1', 'assistant', 'Hello!', { parentId: 'u1' }),
  ]);
  await startSender('c1');

  expect(sender.send({ message: 'Hello', parentMessageId: CHAT_ROOT_PARENT_ID })).toBe(true);
  expect(snapshot().pending).toBe(false);
  expect(snapshot().waiting).toEqual([
    expect.objectContaining({ message: 'Hello', conversationId: 'c1', parentMessageId: CHAT_ROOT_PARENT_ID }),
  ]);
  const key = snapshot().waiting[0].key;
  expect(chatPosts()).toEqual([]);

  online = true;
  window.dispatchEvent(new Event('online'));
  const stream = await until(() => api.streams[0]);
  expect(snapshot().turn?.branchFrom).toBeNull();
  const [post] = chatPosts();
  expect(post.body).toEqual({ message: 'Hello', conversationId: 'c1', parentMessageId: CHAT_ROOT_PARENT_ID });
  expect(post.headers.get(IDEMPOTENCY_KEY_HEADER)).toBe(key);
  stream.send({ conversationId: 'c1', userMessageId: 'u2', assistantMessageId: 'a2' }, 0);
  stream.send({ done: true }, 0);
  stream.close();
  await until(() => callbacks.onSettled.mock.calls.length);
  expect(chatPosts()).toHaveLength(1);
  expect(outbox.list()).toEqual([]);
  expect(shape(cached())).toEqual([
    ['u2', 'Hello', 'complete', null, ['u1', 'u2']],
    ['a2', '', 'complete', 'u2', null],
  ]);
});

test('an edit the server refuses changes nothing and is reported (the draft is not put in the composer)', async () => {
  api.onChat = () =>
    jsonResponse(404, { statusCode: 404, code: 'CHAT_MESSAGE_NOT_FOUND', message: 'Message not found' });
  const before = [message('u1', 'user', 'Hi'), message('a1', 'assistant', 'Hello')];
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), before);
  await startSender('c1');

  sender.send({ message: 'Hey', parentMessageId: CHAT_ROOT_PARENT_ID });
  await until(() => callbacks.onNotStarted.mock.calls.length);
  expect(callbacks.onNotStarted.mock.calls[0][0]).toBe('edit');
  expect(callbacks.onUnsent).not.toHaveBeenCalled();
  expect(outbox.list()).toEqual([]);
  expect(cached()).toBe(before);
  expect(snapshot().pending).toBe(false);
});

test('a usual send names its parent and the model that wrote the reply, as far as the page knows', async () => {
  queryClient.setQueryData(['/api/chat/models'], {
    models: [
      { id: 'small', name: 'Kasa Small', plans: ['basic', 'pro'], allowed: true },
      { id: 'big', name: 'Kasa Big', plans: ['pro'], allowed: true },
    ],
    defaultModel: 'small',
  });
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), [
    message('u1', 'user', 'Hi'),
    message('a1', 'assistant', 'Hello'),
  ]);
  await startSender('c1');

  sender.send({ message: 'Tell me more' });
  const stream = await until(() => api.streams[0]);
  expect(chatPosts()[0].body).toEqual({ message: 'Tell me more', conversationId: 'c1' });
  stream.send({ conversationId: 'c1', userMessageId: 'u2', assistantMessageId: 'a2' }, 0);
  stream.send({ done: true }, 0);
  stream.close();
  await until(() => callbacks.onSettled.mock.calls.length);
  expect(cached()[2]).toMatchObject({ id: 'u2', parentId: 'a1' });
  expect(cached()[3]).toMatchObject({ id: 'a2', parentId: 'u2', model: 'small', modelName: 'Kasa Small' });
});

test('messages written offline are sent one after the other once online', async () => {
  online = false;
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), []);
  await startSender('c1');
  sender.send({ message: 'First' });
  sender.send({ message: 'Second', parentMessageId: CHAT_ROOT_PARENT_ID });

  online = true;
  window.dispatchEvent(new Event('online'));
  const first = await until(() => api.streams[0]);
  first.send({ conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a1' }, 0);
  first.send({ done: true }, 0);
  first.close();
  const second = await until(() => api.streams[1]);
  expect(chatPosts().map((p) => p.body)).toEqual([
    { message: 'First', conversationId: 'c1' },
    { message: 'Second', conversationId: 'c1', parentMessageId: CHAT_ROOT_PARENT_ID },
  ]);
  second.send({ conversationId: 'c1', userMessageId: 'u2', assistantMessageId: 'a2' }, 0);
  second.send({ done: true }, 0);
  second.close();
  await until(() => callbacks.onSettled.mock.calls.length === 2);
  expect(outbox.list()).toEqual([]);
});
