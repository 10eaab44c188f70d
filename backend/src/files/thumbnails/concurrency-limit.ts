/** No turn came within the wait: every slot stayed busy. */
export class NoTurnError extends Error {
  override readonly name = 'NoTurnError';
}

/**
 * Runs at most `slots` tasks at once, in arrival order; a task waits at most `maxWaitMs` for its
 * turn, then run() rejects with NoTurnError and the task never runs (so a burst of work turns
 * into quick refusals instead of a queue without end).
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly slots: number,
    private readonly maxWaitMs: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.turn();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private turn(): Promise<void> {
    if (this.running < this.slots) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const start = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(start), 1);
        reject(new NoTurnError(`no turn within ${this.maxWaitMs} ms`));
      }, this.maxWaitMs);
      this.waiting.push(start);
    });
  }

  /** The slot passes straight to the first waiting task, if any. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
