import { BatchItemFailure, BatchWhileBusy } from './batch-while-busy';

describe('BatchWhileBusy', () => {
  it('runs an item at once when idle, and batches the items asked for while busy', async () => {
    const batches: number[][] = [];
    const releases: Array<() => void> = [];
    const batcher = new BatchWhileBusy<number, number>(
      (items) => {
        batches.push(items);
        return new Promise((resolve) => releases.push(() => resolve(items.map((n) => n * 10))));
      },
      { maxInFlight: 1, maxBatch: 3 },
    );
    const answers = [1, 2, 3, 4, 5, 6].map((n) => batcher.load(n));
    expect(batches).toEqual([[1]]);
    releases.shift()!();
    await answers[0];
    await new Promise(setImmediate);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    releases.shift()!();
    await answers[3];
    await new Promise(setImmediate);
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
    releases.shift()!();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('fails every item of a failed batch, and goes on with the next', async () => {
    let calls = 0;
    const batcher = new BatchWhileBusy<number, number>(
      async (items) => {
        calls++;
        if (calls === 1) throw new Error('down');
        return items;
      },
      { maxInFlight: 1, maxBatch: 10 },
    );
    await expect(batcher.load(1)).rejects.toThrow('down');
    await expect(batcher.load(2)).resolves.toBe(2);
  });

  it('a run that throws synchronously rejects its items', async () => {
    const batcher = new BatchWhileBusy<number, number>(
      () => {
        throw new Error('bad');
      },
      { maxInFlight: 2, maxBatch: 10 },
    );
    await expect(batcher.load(1)).rejects.toThrow('bad');
  });

  it('an item answered with a BatchItemFailure fails alone', async () => {
    const batcher = new BatchWhileBusy<number, number>(
      async (items) => items.map((n) => (n === 2 ? new BatchItemFailure(new Error('two')) : n)),
      { maxInFlight: 1, maxBatch: 10 },
    );
    const [one, two, three] = [batcher.load(1), batcher.load(2), batcher.load(3)];
    await expect(two).rejects.toThrow('two');
    expect(await Promise.all([one, three])).toEqual([1, 3]);
  });
});
