import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { IDEMPOTENT_REQUEST_TTL_HOURS } from '@kasa/contracts';
import { IdempotentRequestsRepository } from './idempotent-requests.repository';

/** How often expired idempotent requests are deleted. */
export const IDEMPOTENT_REQUESTS_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes idempotent requests older than IDEMPOTENT_REQUEST_TTL_HOURS, at start and every hour,
 * on every instance (a DELETE on an index: running it twice costs nothing). An outbox sends within
 * minutes of the network coming back; a day covers a phone offline overnight.
 */
@Injectable()
export class IdempotentRequestsCleanup implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('IdempotentRequests');
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly repository: IdempotentRequestsRepository) {}

  onApplicationBootstrap(): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), IDEMPOTENT_REQUESTS_CLEANUP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass; answers how many requests were deleted (0 when the database failed: logged). */
  async run(): Promise<number> {
    try {
      return await this.repository.deleteExpired(IDEMPOTENT_REQUEST_TTL_HOURS);
    } catch (error) {
      this.logger.warn(
        `Deleting expired idempotent requests failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return 0;
    }
  }
}
