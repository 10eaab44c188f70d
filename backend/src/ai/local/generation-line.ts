/**
 * The local model's line of waiting replies: `slots` write at once (the context's sequences), the
 * others wait in order and learn how many replies come before them each time that changes; at most
 * `maxWaiting` wait.
 */
export class GenerationLine<T> {
  private readonly waiting: { id: string; item: T }[] = [];
  private running = 0;

  constructor(
    private readonly slots: number,
    private readonly maxWaiting: number,
    /** A slot is free for this item: run it, then call `release()` exactly once. */
    private readonly start: (id: string, item: T) => void,
    /**
     * A waiting item moved: `ahead` replies come before it, those being written and those waiting
     * in front of it (at least one while it waits).
     */
    private readonly moved: (id: string, ahead: number) => void,
  ) {}

  /** Runs the item now, or puts it in line; false when the line is full. */
  add(id: string, item: T): boolean {
    if (this.running < this.slots) {
      this.running += 1;
      this.start(id, item);
      return true;
    }
    if (this.waiting.length >= this.maxWaiting) return false;
    this.waiting.push({ id, item });
    this.moved(id, this.running + this.waiting.length - 1);
    return true;
  }

  /** Takes a waiting item out of line (Stop before it started); false when it is not waiting. */
  remove(id: string): boolean {
    const index = this.waiting.findIndex((entry) => entry.id === id);
    if (index === -1) return false;
    this.waiting.splice(index, 1);
    this.announceFrom(index);
    return true;
  }

  /** A running item finished: the next one starts and those behind it move up. */
  release(): void {
    this.running = Math.max(0, this.running - 1);
    const next = this.waiting.shift();
    if (!next) return;
    this.running += 1;
    this.start(next.id, next.item);
    this.announceFrom(0);
  }

  get waitingCount(): number {
    return this.waiting.length;
  }

  get runningCount(): number {
    return this.running;
  }

  private announceFrom(index: number): void {
    for (let i = index; i < this.waiting.length; i += 1) this.moved(this.waiting[i].id, this.running + i);
  }
}
