import { Injectable } from '@nestjs/common';
import { CHAT_IDEMPOTENCY_TTL_HOURS } from '@kasa/contracts';
import { PeriodicCleanup } from '../../common/periodic-cleanup';
import { SendKeysRepository } from './send-keys.repository';

/** How often expired idempotency keys are deleted. */
export const SEND_KEYS_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes idempotency keys of chat sends older than CHAT_IDEMPOTENCY_TTL_HOURS, at start and
 * every hour. A client retries within minutes; a day covers a phone offline overnight.
 */
@Injectable()
export class ChatSendKeysCleanup extends PeriodicCleanup {
  constructor(private readonly repository: SendKeysRepository) {
    super('ChatSendKeys', 'expired send keys', SEND_KEYS_CLEANUP_INTERVAL_MS);
  }

  protected deleteExpired(): Promise<number> {
    return this.repository.deleteExpiredSendKeys(CHAT_IDEMPOTENCY_TTL_HOURS);
  }
}
