/**
 * Concurrent callers asking for one key share one run of the work: twenty farmers opening the
 * forecast of one town at once cost one request to the weather service. The key is free again
 * as soon as the run settles, so a failure is not remembered.
 */
export class SingleFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  run(key: string, work: () => Promise<T>): Promise<T> {
    const existing = this.running.get(key);
    if (existing) return existing;
    const started = work().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }
}
