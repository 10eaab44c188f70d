import { Injectable } from '@nestjs/common';
import { IDEMPOTENT_REQUEST_TTL_HOURS } from '@kasa/contracts';
import { PeriodicCleanup } from '../common/periodic-cleanup';
import { IdempotentRequestsRepository } from './idempotent-requests.repository';

/** How often expired idempotent requests are deleted. */
export const IDEMPOTENT_REQUESTS_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes idempotent requests older than IDEMPOTENT_REQUEST_TTL_HOURS, at start and every hour.
 * An outbox sends within minutes of the network coming back; a day covers a phone offline overnight.
 */
@Injectable()
export class IdempotentRequestsCleanup extends PeriodicCleanup {
  constructor(private readonly repository: IdempotentRequestsRepository) {
    super('IdempotentRequests', 'expired idempotent requests', IDEMPOTENT_REQUESTS_CLEANUP_INTERVAL_MS);
  }

  protected deleteExpired(): Promise<number> {
    return this.repository.deleteExpired(IDEMPOTENT_REQUEST_TTL_HOURS);
  }
}
