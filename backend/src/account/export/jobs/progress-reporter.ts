/** Least time between two progress writes of one export. */
export const PROGRESS_INTERVAL_MS = 250;

/**
 * Turns "n of total items done" into 0–99 percent and writes it at most every
 * PROGRESS_INTERVAL_MS, never backwards (100 is written with the completion itself).
 */
export class ProgressReporter {
  private lastWrite = Number.NEGATIVE_INFINITY;
  private lastPercent = 0;

  constructor(
    private readonly total: number,
    private readonly write: (percent: number) => Promise<void>,
    private readonly now: () => number = Date.now,
    private readonly intervalMs = PROGRESS_INTERVAL_MS,
  ) {}

  async done(items: number): Promise<void> {
    const percent = Math.min(99, Math.floor((items / Math.max(1, this.total)) * 100));
    if (percent <= this.lastPercent) return;
    const now = this.now();
    if (now - this.lastWrite < this.intervalMs) return;
    this.lastWrite = now;
    this.lastPercent = percent;
    await this.write(percent);
  }
}
