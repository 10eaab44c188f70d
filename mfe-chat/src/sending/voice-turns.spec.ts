// A spoken message in the send machine: a real QueryClient and outbox (in memory), the server
// answered at the network boundary (global fetch: testing/chat-harness FakeApi for the chat API,
// POST /api/voice/turns answered here with the multipart body it received). The browser's object
// URLs are faked (jsdom has none).
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, createQueryClient } from '@kasa/api-client';
import {
  CHAT_ROOT_PARENT_ID,
  IDEMPOTENCY_KEY_HEADER,
  VOICE_TURNS_PATH,
  type ChatMessage,
  type VoiceTranscript,
} from '@kasa/contracts';
import { MemoryStore } from '../offline/idb-store';
import { Outbox, type OutboxItem } from '../offline/outbox';
import { conversationQueryKey } from '../shared/chat-api';
import {
  eventStream,
  FakeApi,
  jsonResponse,
  message,
  type EventStream,
  type FakeResponse,
} from '../testing/chat-harness';
import type { VoiceRecording } from '../voice/voice-turn';
import { ChatSender, type ChatSenderCallbacks, type ChatSenderSnapshot } from './chat-sender';

interface VoicePost {
  form: FormData;
  headers: Headers;
}

let api: FakeApi;
let voicePosts: VoicePost[];
let voiceStreams: EventStream[];
/** How POST /api/voice/turns answers; default: a stream the test writes into. */
let onVoice: ((post: VoicePost, signal?: AbortSignal | null) => FakeResponse | Error | null) | null;
let queryClient: QueryClient;
let outbox: Outbox;
let sender: ChatSender;
let callbacks: { onAdopt: jest.Mock; onSettled: jest.Mock; onUnsent: jest.Mock; onNotStarted: jest.Mock };
let stopSender: () => void;
let online = true;
let objectUrls: Map<string, Blob>;
let revoked: string[];

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
const cached = (id = 'c1') => queryClient.getQueryData<ChatMessage[]>(conversationQueryKey(id)) ?? [];

function recording(bytes = 'OggS-opus-bytes'): VoiceRecording {
  const mimeType = 'audio/ogg;codecs=opus';
  return { audio: new Blob([bytes], { type: mimeType }), mimeType, durationMs: 2400 };
}

const heard: VoiceTranscript = {
  recordingId: 'r1',
  transcription: 'When should I plant maize?',
  language: 'en',
  duration: 2.4,
  audioUrl: '/api/files/r1?expires=1&sig=s',
  engine: 'pocketsphinx',
};

/** A form's fields as plain values (the audio as its name and size). */
function fields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  form.forEach((value, name) => {
    out[name] = typeof value === 'string' ? value : `${value.name}:${value.size}`;
  });
  return out;
}

async function startSender(conversationId: string | null): Promise<void> {
  sender.configure(conversationId, callbacks as ChatSenderCallbacks);
  stopSender = sender.start();
  await outbox.load('');
}

beforeEach(() => {
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  objectUrls = new Map();
  revoked = [];
  let urlCount = 0;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${++urlCount}`;
      objectUrls.set(url, blob);
      return url;
    },
    revokeObjectURL: (url: string) => revoked.push(url),
  });
  api = new FakeApi();
  api.install();
  const chatApi = globalThis.fetch;
  voicePosts = [];
  voiceStreams = [];
  onVoice = null;
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (String(input) !== VOICE_TURNS_PATH || init.method !== 'POST') return chatApi(input, init);
    const post = { form: init.body as FormData, headers: new Headers(init.headers) };
    voicePosts.push(post);
    const answer = onVoice ? onVoice(post, init.signal) : null;
    if (answer instanceof Error) throw answer;
    if (answer) return answer as unknown as Response;
    const stream = eventStream(init.signal);
    voiceStreams.push(stream);
    return stream.response as unknown as Response;
  }) as typeof fetch;
  queryClient = createQueryClient();
  outbox = new Outbox(new MemoryStore<OutboxItem>());
  sender = new ChatSender({ queryClient, outbox, retryMs: () => 10, stopGraceMs: 50 });
  callbacks = { onAdopt: jest.fn(), onSettled: jest.fn(), onUnsent: jest.fn(), onNotStarted: jest.fn() };
});

afterEach(() => {
  stopSender?.();
  queryClient.clear();
});

test('a recording is posted once as multipart with its key; what was heard becomes the message', async () => {
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), [
    message('u0', 'user', 'Hello'),
    message('a0', 'assistant', 'Hi!', { parentId: 'u0' }),
  ]);
  await startSender('c1');
  const spoken = recording();

  expect(sender.sendVoice({ recording: spoken, language: 'en', model: 'big' })).toBe(true);
  const sent = snapshot();
  expect(sent.pending).toBe(true);
  // Before the server says what it heard: no text, the recording plays from this device.
  const localUrl = sent.turn?.voice?.localAudioUrl as string;
  expect(objectUrls.get(localUrl)).toBe(spoken.audio);
  expect(sent.turn?.voice?.transcription).toBeNull();
  expect(sent.turn?.userMessage).toMatchObject({ content: '', audioUrl: localUrl });
  // One turn at a time.
  expect(sender.sendVoice({ recording: recording(), language: 'en' })).toBe(false);
  expect(sender.send({ message: 'typed meanwhile' })).toBe(false);

  const stream = await until(() => voiceStreams[0]);
  expect(voicePosts).toHaveLength(1);
  const [post] = voicePosts;
  expect(post.headers.get(IDEMPOTENCY_KEY_HEADER)).toBe(sent.turn?.itemKey);
  expect(fields(post.form)).toEqual({
    audio: `recording.ogg:${spoken.audio.size}`,
    language: 'en',
    conversationId: 'c1',
    model: 'big',
  });
  expect(api.callsTo('POST', '/api/chat')).toEqual([]);

  stream.send(
    { conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a1', transcription: heard },
    0,
  );
  await until(() => snapshot().turn?.voice?.transcription);
  expect(snapshot().turn?.userMessage).toMatchObject({
    content: 'When should I plant maize?',
    transcription: 'When should I plant maize?',
    transcriptionLanguage: 'en',
    recordingId: 'r1',
    // Still the local copy: nothing is downloaded to play it.
    audioUrl: localUrl,
  });
  expect(outbox.list()).toEqual([]);
  expect(revoked).toEqual([]);

  stream.send({ content: 'In April.' }, 9);
  stream.send({ done: true }, 9);
  stream.close();
  await until(() => callbacks.onSettled.mock.calls.length);
  expect(callbacks.onSettled).toHaveBeenCalledWith('done', { reply: 'In April.' });
  expect(callbacks.onUnsent).not.toHaveBeenCalled();
  expect(voicePosts).toHaveLength(1);
  // The local recording is let go; the message links the server's copy, which is read again.
  expect(revoked).toEqual([localUrl]);
  expect(cached()[2]).toMatchObject({
    id: 'u1',
    content: 'When should I plant maize?',
    audioUrl: heard.audioUrl,
    recordingId: 'r1',
    transcriptionLanguage: 'en',
    parentId: 'a0',
  });
  expect(cached()[3]).toMatchObject({ id: 'a1', content: 'In April.', parentId: 'u1' });
  expect(queryClient.getQueryState(conversationQueryKey('c1'))?.isInvalidated).toBe(true);
});

test('a recording made offline waits in the outbox and is sent once when the network returns', async () => {
  online = false;
  await startSender(null);
  const spoken = recording();

  expect(sender.sendVoice({ recording: spoken, language: 'auto' })).toBe(true);
  expect(snapshot().pending).toBe(false);
  expect(snapshot().waiting).toEqual([
    expect.objectContaining({
      message: '',
      conversationId: null,
      voice: { recording: spoken, language: 'auto' },
    }),
  ]);
  const key = snapshot().waiting[0].key;
  window.dispatchEvent(new Event('offline'));
  expect(voicePosts).toEqual([]);

  online = true;
  window.dispatchEvent(new Event('online'));
  const stream = await until(() => voiceStreams[0]);
  expect(voicePosts).toHaveLength(1);
  expect(voicePosts[0].headers.get(IDEMPOTENCY_KEY_HEADER)).toBe(key);
  expect(fields(voicePosts[0].form)).toEqual({
    audio: `recording.ogg:${spoken.audio.size}`,
    language: 'auto',
  });
  stream.send(
    { conversationId: 'c9', userMessageId: 'u1', assistantMessageId: 'a1', transcription: heard },
    0,
  );
  await until(() => callbacks.onAdopt.mock.calls.length);
  expect(callbacks.onAdopt).toHaveBeenCalledWith('c9');
  stream.send({ done: true }, 0);
  stream.close();
  await until(() => callbacks.onSettled.mock.calls.length);
  expect(voicePosts).toHaveLength(1);
  expect(outbox.list()).toEqual([]);
});

test('a voice turn the server never answered is tried again with the same key and the same recording', async () => {
  let tries = 0;
  onVoice = () => (++tries === 1 ? new TypeError('Failed to fetch') : null);
  await startSender('c1');
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), []);

  sender.sendVoice({ recording: recording(), language: 'en' });
  const stream = await until(() => voiceStreams[0]);
  const [first, second] = voicePosts;
  expect(second.headers.get(IDEMPOTENCY_KEY_HEADER)).toBe(first.headers.get(IDEMPOTENCY_KEY_HEADER));
  expect(fields(second.form)).toEqual(fields(first.form));
  // The first try's object URL was let go when its turn left the screen.
  expect(revoked).toEqual(['blob:test/1']);
  expect(callbacks.onUnsent).not.toHaveBeenCalled();
  stream.send(
    { conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a1', transcription: heard },
    0,
  );
  stream.send({ done: true }, 0);
  stream.close();
  await until(() => callbacks.onSettled.mock.calls.length);
  expect(voicePosts).toHaveLength(2);
});

test('over the quota (429): the recording leaves the outbox and is reported, never put in the text box', async () => {
  onVoice = () =>
    jsonResponse(429, {
      error: 'Usage limit exceeded',
      feature: 'voiceMinutesPerMonth',
      current: 30,
      limit: 30,
      upgradeRequired: true,
      code: 'USAGE_LIMIT_EXCEEDED',
    });
  const before = [message('u0', 'user', 'Hello')];
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), before);
  await startSender('c1');

  sender.sendVoice({ recording: recording(), language: 'en' });
  await until(() => callbacks.onNotStarted.mock.calls.length);
  const [operation, error] = callbacks.onNotStarted.mock.calls[0];
  expect(operation).toBe('voice');
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).usageLimit).toMatchObject({ feature: 'voiceMinutesPerMonth', limit: 30 });
  expect(voicePosts).toHaveLength(1);
  expect(outbox.list()).toEqual([]);
  expect(snapshot().pending).toBe(false);
  expect(snapshot().turn).toBeNull();
  expect(cached()).toBe(before);
  expect(callbacks.onUnsent).not.toHaveBeenCalled();
  expect(callbacks.onSettled).not.toHaveBeenCalled();
  expect(revoked).toEqual(['blob:test/1']);

  // Nothing waits: the next message goes at once.
  onVoice = null;
  sender.sendVoice({ recording: recording(), language: 'en' });
  await until(() => voiceStreams[0]);
  expect(voicePosts).toHaveLength(2);
});

test('nothing heard (422) is reported as a voice turn that never started', async () => {
  onVoice = () =>
    jsonResponse(422, { statusCode: 422, code: 'VOICE_NOTHING_HEARD', message: 'No words were heard.' });
  await startSender(null);

  sender.sendVoice({ recording: recording(), language: 'en' });
  await until(() => callbacks.onNotStarted.mock.calls.length);
  expect(callbacks.onNotStarted.mock.calls[0][0]).toBe('voice');
  expect((callbacks.onNotStarted.mock.calls[0][1] as ApiError).code).toBe('VOICE_NOTHING_HEARD');
  expect(snapshot().unsaved).toEqual([]);
  expect(outbox.list()).toEqual([]);
});

test('transcribing a stored recording again in another language is an edit of its message', async () => {
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), [
    message('u1', 'user', 'Won', {
      recordingId: 'r1',
      transcriptionLanguage: 'en',
      audioUrl: heard.audioUrl,
    }),
    message('a1', 'assistant', 'Sorry?', { parentId: 'u1' }),
  ]);
  await startSender('c1');

  expect(sender.sendVoice({ recordingId: 'r1', language: 'fr', parentMessageId: CHAT_ROOT_PARENT_ID })).toBe(
    true,
  );
  expect(snapshot().turn).toMatchObject({ kind: 'send', branchFrom: null });
  // No recording on this device: nothing to play until the server names its copy.
  expect(snapshot().turn?.voice).toEqual({ transcription: null, localAudioUrl: null });
  const stream = await until(() => voiceStreams[0]);
  expect(fields(voicePosts[0].form)).toEqual({
    recordingId: 'r1',
    language: 'fr',
    conversationId: 'c1',
    parentMessageId: CHAT_ROOT_PARENT_ID,
  });
  const french = { ...heard, transcription: 'Quand semer le maïs ?', language: 'fr' };
  stream.send(
    { conversationId: 'c1', userMessageId: 'u2', assistantMessageId: 'a2', transcription: french },
    0,
  );
  await until(() => snapshot().turn?.voice?.transcription);
  expect(snapshot().turn?.userMessage).toMatchObject({
    content: 'Quand semer le maïs ?',
    transcriptionLanguage: 'fr',
    audioUrl: heard.audioUrl,
  });
  stream.send({ done: true }, 0);
  stream.close();
  await until(() => callbacks.onSettled.mock.calls.length);
  expect(cached()[0]).toMatchObject({ id: 'u2', versionIds: ['u1', 'u2'], parentId: null });
});

test('a corrected transcription is sent with its recording and shown as typed; drafts with nothing are refused', async () => {
  await startSender('c1');
  expect(sender.sendVoice({ language: 'en' })).toBe(false);
  expect(outbox.list()).toEqual([]);

  expect(sender.sendVoice({ recordingId: 'r1', message: '  When to plant maize?  ', language: 'en' })).toBe(
    true,
  );
  expect(snapshot().turn?.userMessage.content).toBe('When to plant maize?');
  await until(() => voiceStreams[0]);
  expect(fields(voicePosts[0].form)).toEqual({
    recordingId: 'r1',
    message: 'When to plant maize?',
    language: 'en',
    conversationId: 'c1',
  });
});
