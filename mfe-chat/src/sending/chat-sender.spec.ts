// The send machine without React: a real QueryClient and outbox (in memory), the chat API answered
// at the network boundary (testing/chat-harness FakeApi: global fetch and event streams).
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@kasa/api-client';
import { IDEMPOTENCY_KEY_HEADER, type ChatMessage } from '@kasa/contracts';
import { MemoryStore } from '../offline/idb-store';
import { Outbox, type OutboxItem } from '../offline/outbox';
import { conversationQueryKey } from '../shared/chat-api';
import { eventStream, FakeApi, jsonResponse } from '../testing/chat-harness';
import { ChatSender, type ChatSenderCallbacks, type ChatSenderSnapshot } from './chat-sender';

let api: FakeApi;
let queryClient: QueryClient;
let outbox: Outbox;
let sender: ChatSender;
let callbacks: { onAdopt: jest.Mock; onSettled: jest.Mock; onUnsent: jest.Mock };
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
  callbacks = { onAdopt: jest.fn(), onSettled: jest.fn(), onUnsent: jest.fn() };
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
