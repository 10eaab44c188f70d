import { MemoryStore } from './idb-store';
import {
  MEDIA_OUTBOX_AUDIO_CAP_BYTES,
  MediaOutbox,
  MediaOutboxFullError,
  type MediaOutboxItem,
} from './media-outbox';

const audio = (bytes: number) => new Blob([new Uint8Array(bytes)], { type: 'audio/wav' });

test('keeps requests in order across a reload, with their keys and audio; another user never sees them', async () => {
  const store = new MemoryStore<MediaOutboxItem>();
  const first = new MediaOutbox(store);
  await first.load('u1');
  const image = first.add({ kind: 'image', conversationId: 'c1', prompt: 'A red tractor' });
  const voice = first.add(
    { kind: 'transcription', conversationId: null, audio: audio(4), fileName: 'recording.wav' },
    'key-given',
  );
  expect(image.key).toMatch(/^[0-9a-f-]{36}$/);
  expect(voice.key).toBe('key-given');
  expect(image.userId).toBe('u1');
  await Promise.resolve();

  const reloaded = new MediaOutbox(store);
  await reloaded.load('u1');
  expect(reloaded.list().map((i) => [i.kind, i.key, i.prompt ?? i.fileName])).toEqual([
    ['image', image.key, 'A red tractor'],
    ['transcription', 'key-given', 'recording.wav'],
  ]);
  expect(reloaded.list()[1].audio?.size).toBe(4);

  const other = new MediaOutbox(store);
  await other.load('u2');
  expect(other.list()).toEqual([]);
  expect(store.map.size).toBe(0);
});

test('audio beyond the 25 MB cap is refused and nothing is queued; cancelling makes room', async () => {
  const store = new MemoryStore<MediaOutboxItem>();
  const outbox = new MediaOutbox(store);
  await outbox.load('u1');
  const big = outbox.add({
    kind: 'transcription',
    conversationId: null,
    audio: audio(MEDIA_OUTBOX_AUDIO_CAP_BYTES - 10),
    fileName: 'long.wav',
  });
  // Images carry no audio: they always fit.
  outbox.add({ kind: 'image', conversationId: null, prompt: 'Maize' });
  expect(() =>
    outbox.add({ kind: 'transcription', conversationId: null, audio: audio(11), fileName: 'more.wav' }),
  ).toThrow(MediaOutboxFullError);
  expect(outbox.list().map((i) => i.prompt ?? i.fileName)).toEqual(['long.wav', 'Maize']);
  expect(store.map.size).toBe(2);

  outbox.remove(big.key);
  outbox.add({ kind: 'transcription', conversationId: null, audio: audio(11), fileName: 'more.wav' });
  expect(outbox.list().map((i) => i.prompt ?? i.fileName)).toEqual(['Maize', 'more.wav']);
  expect(outbox.audioBytes()).toBe(11);
});

test('an answer removes the request and is kept in memory; cancel removes; sign-out clears all', async () => {
  const store = new MemoryStore<MediaOutboxItem>();
  const outbox = new MediaOutbox(store);
  await outbox.load('u1');
  const seen = jest.fn();
  outbox.subscribe(seen);
  const a = outbox.add({ kind: 'image', conversationId: 'c1', prompt: 'one' });
  const b = outbox.add({ kind: 'image', conversationId: 'c1', prompt: 'two' });
  const image = {
    type: 'image' as const,
    url: '/api/files/f1',
    format: 'png',
    metadata: { model: 'offline-illustration', size: '1024x1024' as const },
  };
  outbox.answer(a.key, { kind: 'image', result: image });
  outbox.remove(b.key);
  expect(outbox.list()).toEqual([]);
  expect(outbox.answered().get(a.key)).toEqual({ kind: 'image', result: image });
  expect(store.map.size).toBe(0);
  expect(seen).toHaveBeenCalledTimes(4);

  outbox.add({ kind: 'image', conversationId: null, prompt: 'three' });
  await outbox.clear();
  expect(outbox.list()).toEqual([]);
  expect(outbox.answered().size).toBe(0);
  expect(store.map.size).toBe(0);
});
