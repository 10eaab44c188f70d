import { Logger } from '@nestjs/common';
import { PeriodicCleanup } from './periodic-cleanup';

class CountingCleanup extends PeriodicCleanup {
  readonly calls: number[] = [];
  failNext = false;

  constructor() {
    super('Test', 'test rows', 1000);
  }

  protected deleteExpired(): Promise<number> {
    this.calls.push(Date.now());
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error('database down'));
    }
    return Promise.resolve(3);
  }
}

describe('PeriodicCleanup', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('runs at start and every interval until shutdown', () => {
    const cleanup = new CountingCleanup();
    cleanup.onApplicationBootstrap();
    expect(cleanup.calls).toHaveLength(1);
    jest.advanceTimersByTime(2500);
    expect(cleanup.calls).toHaveLength(3);
    cleanup.onApplicationShutdown();
    jest.advanceTimersByTime(5000);
    expect(cleanup.calls).toHaveLength(3);
  });

  it('answers how many rows went; a failed pass is logged and answers 0', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const cleanup = new CountingCleanup();
    expect(await cleanup.run()).toBe(3);
    cleanup.failNext = true;
    expect(await cleanup.run()).toBe(0);
    expect(warn).toHaveBeenCalledWith('Deleting test rows failed: database down');
  });
});
