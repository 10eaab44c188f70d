import { MemoryStore } from './idb-store';
import { Outbox, type OutboxItem } from './outbox';

test('keeps messages in order across a reload, with their keys; another user never sees them', async () => {
  const store = new MemoryStore<OutboxItem>();
  const first = new Outbox(store);
  await first.load('u1');
  const a = first.add({ thread: 'c1', conversationId: 'c1', message: 'one' });
  const b = first.add({ thread: 'new:x', conversationId: null, message: 'two' });
  expect(a.key).not.toBe(b.key);
  expect(a.userId).toBe('u1');
  await Promise.resolve();

  const reloaded = new Outbox(store);
  await reloaded.load('u1');
  expect(reloaded.list().map((i) => [i.message, i.key])).toEqual([
    ['one', a.key],
    ['two', b.key],
  ]);

  const other = new Outbox(store);
  await other.load('u2');
  expect(other.list()).toEqual([]);
  expect(store.map.size).toBe(0);
});

test('remove, retarget a new chat to the conversation the server named, clear', async () => {
  const store = new MemoryStore<OutboxItem>();
  const outbox = new Outbox(store);
  await outbox.load('u1');
  const seen = jest.fn();
  outbox.subscribe(seen);
  const a = outbox.add({ thread: 'new:x', conversationId: null, message: 'one' });
  outbox.add({ thread: 'new:x', conversationId: null, message: 'two' });
  outbox.remove(a.key);
  outbox.retarget('new:x', 'c7');
  expect(outbox.list().map((i) => [i.message, i.thread, i.conversationId])).toEqual([['two', 'c7', 'c7']]);
  await Promise.resolve();
  expect([...store.map.values()].map((i) => i.conversationId)).toEqual(['c7']);
  expect(seen).toHaveBeenCalledTimes(4);
  await outbox.clear();
  expect(outbox.list()).toEqual([]);
  expect(store.map.size).toBe(0);
});

test('an object URL thumbnail is not kept for after a reload', async () => {
  const store = new MemoryStore<OutboxItem>();
  const outbox = new Outbox(store);
  await outbox.load('u1');
  const item = outbox.add({
    thread: 'c1',
    conversationId: 'c1',
    message: 'see',
    attachments: [{ type: 'upload', id: 'f1', name: 'a.png', mimeType: 'image/png', previewUrl: 'blob:x' }],
  });
  await Promise.resolve();
  expect(store.map.get(item.key)?.attachments?.[0].previewUrl).toBeNull();
  expect(outbox.list()[0].attachments?.[0].previewUrl).toBe('blob:x');
});

test('an edited message keeps where its branch starts, and its model, across a reload', async () => {
  const store = new MemoryStore<OutboxItem>();
  const first = new Outbox(store);
  await first.load('u1');
  const edit = first.add({
    thread: 'c1',
    conversationId: 'c1',
    message: 'And maize?',
    parentMessageId: 'a1',
    model: 'big',
  });
  await Promise.resolve();

  const reloaded = new Outbox(store);
  await reloaded.load('u1');
  expect(reloaded.list()).toEqual([
    expect.objectContaining({ key: edit.key, message: 'And maize?', parentMessageId: 'a1', model: 'big' }),
  ]);
});

test('a spoken message keeps its recording (the Blob itself) and its language across a reload, in order', async () => {
  const store = new MemoryStore<OutboxItem>();
  const first = new Outbox(store);
  await first.load('u1');
  const typed = first.add({ thread: 'c1', conversationId: 'c1', message: 'Hello' });
  const audio = new Blob(['OggS-opus'], { type: 'audio/ogg;codecs=opus' });
  const spoken = first.add({
    thread: 'c1',
    conversationId: 'c1',
    message: '',
    voice: { recording: { audio, mimeType: audio.type, durationMs: 1800 }, language: 'fr' },
  });
  const again = first.add({
    thread: 'c1',
    conversationId: 'c1',
    message: '',
    voice: { recordingId: 'r1', language: 'sw' },
    parentMessageId: 'a1',
  });
  await Promise.resolve();
  // Stored as the value itself (IndexedDB's structured clone keeps Blobs): never as JSON.
  expect(store.map.get(spoken.key)?.voice?.recording?.audio).toBe(audio);

  const reloaded = new Outbox(store);
  await reloaded.load('u1');
  expect(reloaded.list().map((i) => i.key)).toEqual([typed.key, spoken.key, again.key]);
  const [, voice, retranscribe] = reloaded.list();
  expect(voice.message).toBe('');
  expect(voice.voice?.language).toBe('fr');
  expect(voice.voice?.recording?.audio).toBeInstanceOf(Blob);
  expect(voice.voice?.recording?.audio.size).toBe(audio.size);
  expect(retranscribe).toMatchObject({ parentMessageId: 'a1', voice: { recordingId: 'r1', language: 'sw' } });
});
