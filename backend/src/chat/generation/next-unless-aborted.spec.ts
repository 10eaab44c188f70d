import { getEventListeners } from 'node:events';
import { AbortableIterator, nextUnlessAborted } from './next-unless-aborted';

async function* chunks(count: number): AsyncGenerator<number> {
  for (let i = 0; i < count; i++) yield i;
}

describe('nextUnlessAborted', () => {
  it('passes every chunk through and leaves no abort listener behind', async () => {
    const controller = new AbortController();
    const iterator = chunks(500);
    const seen: number[] = [];
    for (;;) {
      const next = await nextUnlessAborted(iterator, controller.signal);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
      if (next === 'aborted' || next.done) break;
      seen.push(next.value);
    }
    expect(seen).toHaveLength(500);
  });

  it('answers aborted while the model is silent, and at once when already aborted', async () => {
    const controller = new AbortController();
    const silent: AsyncIterator<string> = { next: () => new Promise(() => undefined) };
    const pending = nextUnlessAborted(silent, controller.signal);
    controller.abort('stop');
    await expect(pending).resolves.toBe('aborted');
    await expect(nextUnlessAborted(silent, controller.signal)).resolves.toBe('aborted');
  });

  it('rethrows the iterator failure and removes its listener', async () => {
    const controller = new AbortController();
    const failing: AsyncIterator<string> = { next: () => Promise.reject(new Error('model down')) };
    await expect(nextUnlessAborted(failing, controller.signal)).rejects.toThrow('model down');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

describe('AbortableIterator', () => {
  it('passes every chunk through with one abort listener, removed by close()', async () => {
    const controller = new AbortController();
    const reader = new AbortableIterator(chunks(500), controller.signal);
    const seen: number[] = [];
    for (;;) {
      const next = await reader.next();
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
      if (next === 'aborted' || next.done) break;
      seen.push(next.value);
    }
    reader.close();
    expect(seen).toHaveLength(500);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('answers aborted while the model is silent, and at once when already aborted', async () => {
    const controller = new AbortController();
    const silent: AsyncIterator<string> = { next: () => new Promise(() => undefined) };
    const reader = new AbortableIterator(silent, controller.signal);
    const pending = reader.next();
    controller.abort('stop');
    await expect(pending).resolves.toBe('aborted');
    await expect(reader.next()).resolves.toBe('aborted');
    reader.close();
  });

  it('rethrows the iterator failure', async () => {
    const controller = new AbortController();
    const failing: AsyncIterator<string> = { next: () => Promise.reject(new Error('model down')) };
    const reader = new AbortableIterator(failing, controller.signal);
    await expect(reader.next()).rejects.toThrow('model down');
    reader.close();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
