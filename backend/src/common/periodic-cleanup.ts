import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

/**
 * A deletion of expired rows run at start and then every `intervalMs`, on every instance: each is
 * a DELETE on an index, so two instances running it at once cost nothing. A failed pass is logged
 * and the next one tries again. Subclasses say what they delete.
 */
export abstract class PeriodicCleanup implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | null = null;

  protected constructor(
    context: string,
    /** What a pass deletes, for the log line of a failure ('expired send keys'). */
    private readonly what: string,
    private readonly intervalMs: number,
  ) {
    this.logger = new Logger(context);
  }

  /** Deletes what has expired; answers how many rows went. */
  protected abstract deleteExpired(): Promise<number>;

  onApplicationBootstrap(): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), this.intervalMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass; answers how many rows were deleted (0 when the database failed: logged). */
  async run(): Promise<number> {
    try {
      return await this.deleteExpired();
    } catch (error) {
      this.logger.warn(
        `Deleting ${this.what} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return 0;
    }
  }
}
