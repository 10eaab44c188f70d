import { GenerationLine } from './generation-line';

function line(slots: number, maxWaiting: number) {
  const started: string[] = [];
  const aheads: [string, number][] = [];
  const queue = new GenerationLine<number>(
    slots,
    maxWaiting,
    (id) => started.push(id),
    (id, ahead) => aheads.push([id, ahead]),
  );
  return { queue, started, aheads };
}

describe('GenerationLine', () => {
  it('runs up to its slots at once and lines the others up, telling each how many replies come before it', () => {
    const { queue, started, aheads } = line(1, 5);
    expect(queue.add('a', 1)).toBe(true);
    expect(queue.add('b', 2)).toBe(true);
    expect(queue.add('c', 3)).toBe(true);
    expect(started).toEqual(['a']);
    // b waits for a (being written); c for a and b.
    expect(aheads).toEqual([
      ['b', 1],
      ['c', 2],
    ]);
    queue.release();
    expect(started).toEqual(['a', 'b']);
    expect(aheads.slice(2)).toEqual([['c', 1]]);
    expect(queue.runningCount).toBe(1);
  });

  it('refuses once the line is full, and takes a stopped request out of line at once', () => {
    const { queue, started, aheads } = line(1, 2);
    queue.add('a', 1);
    queue.add('b', 2);
    queue.add('c', 3);
    expect(queue.add('d', 4)).toBe(false);
    expect(queue.remove('b')).toBe(true);
    expect(aheads.at(-1)).toEqual(['c', 1]);
    expect(queue.remove('b')).toBe(false);
    expect(queue.add('d', 4)).toBe(true);
    queue.release();
    expect(started).toEqual(['a', 'c']);
    expect(queue.waitingCount).toBe(1);
  });

  it('runs several at once with more slots', () => {
    const { queue, started, aheads } = line(2, 5);
    queue.add('a', 1);
    queue.add('b', 2);
    queue.add('c', 3);
    expect(started).toEqual(['a', 'b']);
    expect(aheads).toEqual([['c', 2]]);
    queue.release();
    queue.release();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(queue.runningCount).toBe(1);
  });
});
