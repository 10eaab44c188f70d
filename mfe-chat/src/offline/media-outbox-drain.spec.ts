import { ApiError } from '@kasa/api-client';
import { MemoryStore } from './idb-store';
import { MediaOutbox, type MediaOutboxItem, type MediaOutboxResult } from './media-outbox';
import { MediaOutboxDrain, type MediaDrainHandlers } from './media-outbox-drain';

const image = {
  type: 'image' as const,
  url: '/api/files/f1',
  format: 'png',
  metadata: { model: 'offline-illustration', size: '1024x1024' as const },
};
const drawn: MediaOutboxResult = { kind: 'image', result: image };

let outbox: MediaOutbox;
let handlers: { answered: jest.Mock; refused: jest.Mock } & MediaDrainHandlers;
let onLine: jest.SpyInstance;

beforeEach(async () => {
  jest.useFakeTimers();
  onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  outbox = new MediaOutbox(new MemoryStore<MediaOutboxItem>());
  await outbox.load('u1');
  handlers = { answered: jest.fn(), refused: jest.fn() };
});

afterEach(() => {
  onLine.mockRestore();
  jest.useRealTimers();
});

/** Lets the pending promise callbacks run. */
const settle = () => jest.advanceTimersByTimeAsync(0);

test('a lost answer: the request waits and is sent again with the same key, then leaves the outbox once', async () => {
  const send = jest
    .fn<Promise<MediaOutboxResult>, [MediaOutboxItem]>()
    .mockRejectedValueOnce(new TypeError('Failed to fetch'))
    .mockResolvedValue(drawn);
  const drain = new MediaOutboxDrain(outbox, send);
  const detach = drain.attach(handlers);
  const item = outbox.add({ kind: 'image', conversationId: 'c1', prompt: 'Maize' });
  await settle();
  expect(send).toHaveBeenCalledTimes(1);
  expect(outbox.has(item.key)).toBe(true);
  expect(handlers.answered).not.toHaveBeenCalled();

  await jest.advanceTimersByTimeAsync(1000);
  expect(send.mock.calls.map(([sent]) => sent.key)).toEqual([item.key, item.key]);
  expect(outbox.list()).toEqual([]);
  expect(outbox.answered().get(item.key)).toEqual(drawn);
  expect(handlers.answered).toHaveBeenCalledTimes(1);
  expect(handlers.answered).toHaveBeenCalledWith(item, drawn);
  await jest.advanceTimersByTimeAsync(60_000);
  expect(send).toHaveBeenCalledTimes(2);
  detach();
});

test('offline nothing is sent; the "online" event sends what waits, oldest first, one at a time per kind', async () => {
  onLine.mockReturnValue(false);
  let running = 0;
  let most = 0;
  const order: string[] = [];
  const send = jest.fn(async (item: MediaOutboxItem): Promise<MediaOutboxResult> => {
    running += 1;
    most = Math.max(most, running);
    order.push(item.prompt ?? '');
    await new Promise((resolve) => setTimeout(resolve, 100));
    running -= 1;
    return drawn;
  });
  const drain = new MediaOutboxDrain(outbox, send);
  const detach = drain.attach(handlers);
  outbox.add({ kind: 'image', conversationId: null, prompt: 'first' });
  outbox.add({ kind: 'image', conversationId: null, prompt: 'second' });
  await jest.advanceTimersByTimeAsync(5000);
  expect(send).not.toHaveBeenCalled();

  onLine.mockReturnValue(true);
  window.dispatchEvent(new Event('online'));
  await jest.advanceTimersByTimeAsync(500);
  expect(order).toEqual(['first', 'second']);
  expect(most).toBe(1);
  expect(outbox.list()).toEqual([]);
  expect(handlers.answered).toHaveBeenCalledTimes(2);
  detach();
});

test('mounted twice (StrictMode), a request still goes once at a time and is not sent twice', async () => {
  let finish: (value: MediaOutboxResult) => void = () => undefined;
  const send = jest.fn(() => new Promise<MediaOutboxResult>((resolve) => (finish = resolve)));
  const drain = new MediaOutboxDrain(outbox, send);
  drain.attach(handlers)();
  const detach = drain.attach(handlers);
  outbox.add({ kind: 'image', conversationId: null, prompt: 'once' });
  drain.pump();
  drain.attach(handlers);
  await settle();
  expect(send).toHaveBeenCalledTimes(1);
  finish(drawn);
  await settle();
  expect(send).toHaveBeenCalledTimes(1);
  expect(handlers.answered).toHaveBeenCalledTimes(1);
  detach();
});

test('409 REQUEST_IN_PROGRESS is tried again later with backoff; the answer then counts once', async () => {
  const inProgress = new ApiError(409, 'Still running', {
    statusCode: 409,
    message: 'Still running',
    code: 'REQUEST_IN_PROGRESS',
  });
  const send = jest
    .fn<Promise<MediaOutboxResult>, [MediaOutboxItem]>()
    .mockRejectedValueOnce(inProgress)
    .mockRejectedValueOnce(inProgress)
    .mockResolvedValue(drawn);
  const drain = new MediaOutboxDrain(outbox, send);
  const detach = drain.attach(handlers);
  const item = outbox.add({ kind: 'image', conversationId: null, prompt: 'slow' });
  await settle();
  expect(send).toHaveBeenCalledTimes(1);
  await jest.advanceTimersByTimeAsync(999);
  expect(send).toHaveBeenCalledTimes(1);
  await jest.advanceTimersByTimeAsync(1);
  expect(send).toHaveBeenCalledTimes(2);
  // The second wait is longer (2 s).
  await jest.advanceTimersByTimeAsync(1500);
  expect(send).toHaveBeenCalledTimes(2);
  await jest.advanceTimersByTimeAsync(500);
  expect(send).toHaveBeenCalledTimes(3);
  expect(outbox.has(item.key)).toBe(false);
  expect(handlers.refused).not.toHaveBeenCalled();
  expect(handlers.answered).toHaveBeenCalledTimes(1);
  detach();
});

test('any other refusal drops the request and reports it; the next one goes on', async () => {
  const refusal = new ApiError(400, 'The prompt is too long.', {
    statusCode: 400,
    message: 'The prompt is too long.',
  });
  const send = jest
    .fn<Promise<MediaOutboxResult>, [MediaOutboxItem]>()
    .mockRejectedValueOnce(refusal)
    .mockResolvedValue(drawn);
  const drain = new MediaOutboxDrain(outbox, send);
  const detach = drain.attach(handlers);
  const refused = outbox.add({ kind: 'image', conversationId: null, prompt: 'too long' });
  const next = outbox.add({ kind: 'image', conversationId: null, prompt: 'fine' });
  await settle();
  await settle();
  expect(handlers.refused).toHaveBeenCalledWith(refused, refusal);
  expect(handlers.answered).toHaveBeenCalledWith(next, drawn);
  expect(send).toHaveBeenCalledTimes(2);
  expect(outbox.list()).toEqual([]);
  detach();
});

test('a request cancelled while its send fails is not tried again', async () => {
  let fail: (error: unknown) => void = () => undefined;
  const send = jest.fn(() => new Promise<MediaOutboxResult>((_resolve, reject) => (fail = reject)));
  const drain = new MediaOutboxDrain(outbox, send);
  const detach = drain.attach(handlers);
  const item = outbox.add({
    kind: 'transcription',
    conversationId: null,
    audio: new Blob(['x']),
    fileName: 'a.wav',
  });
  await settle();
  outbox.remove(item.key);
  fail(new TypeError('Failed to fetch'));
  await jest.advanceTimersByTimeAsync(60_000);
  expect(send).toHaveBeenCalledTimes(1);
  expect(handlers.refused).not.toHaveBeenCalled();
  detach();
});
