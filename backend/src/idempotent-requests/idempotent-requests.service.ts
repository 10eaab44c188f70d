import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { IDEMPOTENT_REQUEST_WAIT_SECONDS } from '@kasa/contracts';
import { idempotencyKeyReused, RequestInProgressException } from './idempotent-request.errors';
import { type IdempotentRequestKey, IdempotentRequestsRepository } from './idempotent-requests.repository';

/** The requests a client's outbox may send again with the same key. */
export type IdempotentScope = 'media.generate' | 'voice.transcribe';

/** How the service waits; tests shorten it. */
export interface IdempotentRequestTiming {
  /** How long a duplicate waits for the first request's result before a 409 REQUEST_IN_PROGRESS. */
  waitMs: number;
  /** How often a waiting duplicate reads the row again. */
  pollMs: number;
  /**
   * A request running longer than this has lost its process (the longest job waits 3 minutes, an
   * image job a few): the next request with its key takes it over and runs it again.
   */
  staleAfterMs: number;
}

export const IDEMPOTENT_REQUEST_TIMING = Symbol('IDEMPOTENT_REQUEST_TIMING');

export const DEFAULT_IDEMPOTENT_REQUEST_TIMING: IdempotentRequestTiming = {
  waitMs: IDEMPOTENT_REQUEST_WAIT_SECONDS * 1000,
  pollMs: 250,
  staleAfterMs: 15 * 60 * 1000,
};

/**
 * Exactly-once requests by `Idempotency-Key` (docs/architecture.md#idempotent-media-and-voice-requests):
 * the first request with a key claims it and runs; its result is stored, and every later request
 * with the key and the same body answers that result without running anything. A request that
 * fails lets its key go, so a retry runs again. The result must be plain JSON: it is stored as
 * jsonb, and a replay answers it as read back.
 */
@Injectable()
export class IdempotentRequestsService {
  private readonly logger = new Logger('IdempotentRequests');
  private readonly timing: IdempotentRequestTiming;

  constructor(
    private readonly repository: IdempotentRequestsRepository,
    @Optional() @Inject(IDEMPOTENT_REQUEST_TIMING) timing?: Partial<IdempotentRequestTiming>,
  ) {
    this.timing = { ...DEFAULT_IDEMPOTENT_REQUEST_TIMING, ...timing };
  }

  /**
   * Runs `work` once per (user, scope, key). Without a key it simply runs. `requestHash` tells a
   * retry from a reused key (409 IDEMPOTENCY_KEY_REUSED). While the first request runs, the
   * others wait for its result, up to the wait, then answer 409 REQUEST_IN_PROGRESS.
   */
  async run<T>(
    userId: string,
    scope: IdempotentScope,
    key: string | undefined,
    requestHash: string,
    work: () => Promise<T>,
  ): Promise<T> {
    if (key === undefined) return work();
    const id: IdempotentRequestKey = { userId, scope, key };
    const deadline = Date.now() + this.timing.waitMs;
    for (;;) {
      if (await this.repository.claim(id, requestHash)) return this.runClaimed(id, work);
      const row = await this.repository.find(id, this.timing.staleAfterMs);
      // Gone between the claim and the read (the first request failed): claim again at once.
      if (!row) continue;
      if (row.requestHash !== requestHash) throw idempotencyKeyReused();
      if (row.status === 'done') return row.result as T;
      if (row.stale && (await this.repository.takeOver(id, requestHash, this.timing.staleAfterMs)))
        return this.runClaimed(id, work);
      if (Date.now() >= deadline) throw new RequestInProgressException();
      await sleep(Math.min(this.timing.pollMs, Math.max(0, deadline - Date.now())));
    }
  }

  private async runClaimed<T>(id: IdempotentRequestKey, work: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await work();
    } catch (error) {
      await this.repository
        .release(id)
        .catch((releaseError: unknown) => this.warn('Releasing', id, releaseError));
      throw error;
    }
    // The work is done and charged: its answer goes out even if storing it fails (a retry would
    // then wait, and run again once the claim is stale).
    await this.repository
      .complete(id, result)
      .catch((storeError: unknown) => this.warn('Storing', id, storeError));
    return result;
  }

  private warn(what: string, id: IdempotentRequestKey, error: unknown): void {
    this.logger.warn(
      `${what} the idempotent request ${id.scope} ${id.key} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
