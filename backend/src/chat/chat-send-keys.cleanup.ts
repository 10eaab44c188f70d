import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CHAT_IDEMPOTENCY_TTL_HOURS } from '@kasa/contracts';
import { ChatRepository } from './chat.repository';

/** How often expired idempotency keys are deleted. */
export const SEND_KEYS_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes idempotency keys of chat sends older than CHAT_IDEMPOTENCY_TTL_HOURS, at start and
 * every hour, on every instance (a DELETE on an index: running it twice costs nothing). A client
 * retries within minutes; a day covers a phone offline overnight.
 */
@Injectable()
export class ChatSendKeysCleanup implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ChatSendKeys');
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly repository: ChatRepository) {}

  onApplicationBootstrap(): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), SEND_KEYS_CLEANUP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass; answers how many keys were deleted (0 when the database failed: logged). */
  async run(): Promise<number> {
    try {
      return await this.repository.deleteExpiredSendKeys(CHAT_IDEMPOTENCY_TTL_HOURS);
    } catch (error) {
      this.logger.warn(
        `Deleting expired send keys failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return 0;
    }
  }
}
