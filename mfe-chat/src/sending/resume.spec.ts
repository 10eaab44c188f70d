import { ApiError } from '@kasa/api-client';
import { reattach, resumeDelayMs } from './resume';

function harness(script: Array<(state: { id: string | null; done: boolean }) => void | Promise<void>>) {
  const state = { id: '5' as string | null, done: false };
  const asked: Array<string | null> = [];
  const waits: number[] = [];
  let onlineWaits = 0;
  const run = reattach({
    attach: async (lastEventId) => {
      asked.push(lastEventId);
      const step = script.shift();
      if (!step) throw new TypeError('Failed to fetch');
      await step(state);
    },
    lastEventId: () => state.id,
    finished: () => state.done,
    signal: new AbortController().signal,
    attempts: 3,
    wait: async (ms) => void waits.push(ms),
    online: async () => void (onlineWaits += 1),
  });
  return { run, asked, waits, state, onlineWaits: () => onlineWaits };
}

test('backoff doubles from 0.5 s up to 15 s', () => {
  expect([0, 1, 2, 5, 10].map(resumeDelayMs)).toEqual([500, 1000, 2000, 15000, 15000]);
});

test('reattaches from the last id until the final event; progress restarts the count', async () => {
  const h = harness([
    () => {
      throw new TypeError('Failed to fetch');
    },
    (s) => {
      s.id = '9'; // some text, then cut again
    },
    (s) => {
      s.id = '12';
      s.done = true;
    },
  ]);
  await expect(h.run).resolves.toBe(true);
  expect(h.asked).toEqual(['5', '5', '9']);
  expect(h.waits).toEqual([1000, 500]);
  expect(h.onlineWaits()).toBe(3);
});

test('gives up after the attempts without progress, and at once when the server says no', async () => {
  const h = harness([]);
  await expect(h.run).resolves.toBe(false);
  expect(h.asked).toEqual(['5', '5', '5']);
  const refused = harness([
    () => {
      throw new ApiError(404, 'Message not found');
    },
  ]);
  await expect(refused.run).resolves.toBe(false);
  expect(refused.asked).toHaveLength(1);
});

test('waits for the network before trying, and stops when aborted', async () => {
  const controller = new AbortController();
  let release!: () => void;
  const attach = jest.fn(async () => undefined);
  const run = reattach({
    attach,
    lastEventId: () => '1',
    finished: () => false,
    signal: controller.signal,
    online: () => new Promise<void>((resolve) => (release = resolve)),
    wait: async () => undefined,
  });
  await Promise.resolve();
  expect(attach).not.toHaveBeenCalled();
  controller.abort();
  release();
  await expect(run).resolves.toBe(false);
  expect(attach).not.toHaveBeenCalled();
});
