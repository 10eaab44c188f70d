import { ConcurrencyLimit, NoTurnError } from './concurrency-limit';

/** A task that ends when told to, recording how many ran at once. */
function tasks() {
  let running = 0;
  let most = 0;
  const ends: Array<() => void> = [];
  const task = () =>
    new Promise<void>((resolve) => {
      running++;
      most = Math.max(most, running);
      ends.push(() => {
        running--;
        resolve();
      });
    });
  return { task, ends, most: () => most, running: () => running };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyLimit', () => {
  it('runs at most its slots at once, the others in arrival order as slots free', async () => {
    const limit = new ConcurrencyLimit(2, 60_000);
    const { task, ends, most, running } = tasks();
    const runs = [1, 2, 3, 4, 5].map(() => limit.run(task));
    await tick();
    expect(running()).toBe(2);
    while (ends.length) {
      ends.shift()!();
      await tick();
    }
    await Promise.all(runs);
    expect(most()).toBe(2);
  });

  it('refuses a task whose turn does not come in time, and never runs it', async () => {
    const limit = new ConcurrencyLimit(1, 20);
    const { task, ends } = tasks();
    const first = limit.run(task);
    let ran = false;
    await expect(
      limit.run(async () => {
        ran = true;
      }),
    ).rejects.toBeInstanceOf(NoTurnError);
    expect(ran).toBe(false);
    ends.shift()!();
    await first;
    // The refused task left no slot taken: the next one runs at once.
    await expect(limit.run(async () => 'ran')).resolves.toBe('ran');
  });

  it('frees the slot of a task that fails', async () => {
    const limit = new ConcurrencyLimit(1, 20);
    await expect(limit.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(limit.run(async () => 'next')).resolves.toBe('next');
  });
});
