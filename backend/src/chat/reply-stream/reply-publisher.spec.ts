import type { ReplyBusBatch } from './reply-bus.port';
import { ReplyPublisher } from './reply-publisher';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bus that records each publish and resolves it when told (a slow round trip). */
function recordingBus() {
  const batches: ReplyBusBatch[][] = [];
  const releases: Array<() => void> = [];
  return {
    batches,
    releaseAll: () => releases.splice(0).forEach((release) => release()),
    publish: (batch: ReplyBusBatch[]) => {
      batches.push(batch);
      return new Promise<void>((resolve) => releases.push(resolve));
    },
  };
}

describe('ReplyPublisher', () => {
  it('coalesces a burst of chunks of many replies into one batch with one record per reply', async () => {
    const bus = recordingBus();
    const publisher = new ReplyPublisher({
      flushIntervalMs: 10,
      publish: bus.publish,
      onError: () => undefined,
    });
    const a = publisher.open('a');
    const b = publisher.open('b');
    let offsetA = 0;
    for (let i = 0; i < 100; i++) publisher.chunk(a, 'x', ++offsetA);
    publisher.chunk(b, 'hello', 5);
    publisher.chunk(b, ' you', 9);
    expect(bus.batches).toHaveLength(0);
    await tick(30);
    expect(bus.batches).toEqual([
      [
        { replyId: 'a', records: [{ endOffset: 100, text: 'x'.repeat(100) }] },
        { replyId: 'b', records: [{ endOffset: 9, text: 'hello you' }] },
      ],
    ]);
    bus.releaseAll();
    publisher.stop();
  });

  it('keeps one flush in flight: chunks during it go in the next one, in order', async () => {
    const bus = recordingBus();
    const publisher = new ReplyPublisher({
      flushIntervalMs: 5,
      publish: bus.publish,
      onError: () => undefined,
    });
    const a = publisher.open('a');
    publisher.chunk(a, 'one', 3);
    await tick(20);
    publisher.chunk(a, ' two', 7);
    publisher.finish(a, { done: true, conversationId: 'c' }, 7);
    await tick(20);
    expect(bus.batches).toHaveLength(1); // the first is still in flight
    bus.releaseAll();
    await tick(5);
    expect(bus.batches[1]).toEqual([
      {
        replyId: 'a',
        records: [
          { endOffset: 7, text: ' two' },
          { endOffset: 7, final: { done: true, conversationId: 'c' } },
        ],
      },
    ]);
    bus.releaseAll();
    await publisher.drain();
  });

  it('flushes a final event without waiting for the window', async () => {
    const bus = recordingBus();
    const publisher = new ReplyPublisher({
      flushIntervalMs: 60_000,
      publish: bus.publish,
      onError: () => undefined,
    });
    const a = publisher.open('a');
    publisher.chunk(a, 'hi', 2);
    publisher.finish(a, { done: true, conversationId: 'c' }, 2);
    await tick(1);
    expect(bus.batches).toHaveLength(1);
    bus.releaseAll();
    await publisher.drain();
    publisher.stop();
  });

  it('reports a failed publish and goes on with the next chunks', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const publisher = new ReplyPublisher({
      flushIntervalMs: 1,
      publish: () => (++calls === 1 ? Promise.reject(new Error('bus down')) : Promise.resolve()),
      onError: (error) => errors.push(error),
    });
    const a = publisher.open('a');
    publisher.chunk(a, 'a', 1);
    await tick(10);
    publisher.chunk(a, 'b', 2);
    await tick(10);
    await publisher.drain();
    expect(errors).toHaveLength(1);
    expect(calls).toBe(2);
  });
});
