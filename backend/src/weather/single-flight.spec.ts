import { SingleFlight } from './single-flight';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SingleFlight', () => {
  it('runs the work once for concurrent callers of one key and gives each the result', async () => {
    const flight = new SingleFlight<string>();
    const pending = deferred<string>();
    const work = jest.fn(() => pending.promise);
    const callers = Array.from({ length: 20 }, () => flight.run('3.87,11.52', work));
    pending.resolve('forecast');
    await expect(Promise.all(callers)).resolves.toEqual(Array(20).fill('forecast'));
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs different keys separately', async () => {
    const flight = new SingleFlight<string>();
    const work = jest.fn((key: string) => Promise.resolve(key));
    await Promise.all([flight.run('a', () => work('a')), flight.run('b', () => work('b'))]);
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('forgets a run once it settled, a failure too, so the next caller tries again', async () => {
    const flight = new SingleFlight<string>();
    await expect(flight.run('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(flight.run('k', () => Promise.resolve('up'))).resolves.toBe('up');
  });

  it('shares a failure with every caller of that run', async () => {
    const flight = new SingleFlight<string>();
    const pending = deferred<string>();
    const first = flight.run('k', () => pending.promise);
    const second = flight.run('k', () => Promise.resolve('not asked'));
    pending.reject(new Error('down'));
    await expect(first).rejects.toThrow('down');
    await expect(second).rejects.toThrow('down');
  });
});
