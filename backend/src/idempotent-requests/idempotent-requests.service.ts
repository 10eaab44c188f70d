import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { IDEMPOTENT_REQUEST_WAIT_SECONDS } from '@kasa/contracts';
import { idempotencyKeyReused, RequestInProgressException } from './idempotent-requests.errors';
import { type IdempotentRequestKey, IdempotentRequestsRepository } from './idempotent-requests.repository';

/** The requests a client's outbox may send again with the same key. */
export type IdempotentScope = 'media.generate' | 'voice.transcribe' | 'voice.turn';

/** How the service waits and how fast it notices a dead request; tests shorten it. */
export interface IdempotentRequestTiming {
  /** How long a duplicate waits for the first request's result before a 409 REQUEST_IN_PROGRESS. */
  waitMs: number;
  /** How often a waiting duplicate reads the row again. */
  pollMs: number;
  /** How often the request holding a key renews its claim (its heartbeat) while it runs. */
  heartbeatMs: number;
  /**
   * A claim not renewed for this long has lost its process (an API instance killed or cut off):
   * the next request with its key takes it over and carries its work on from what it recorded.
   * Several heartbeats, so that a slow database moment does not look like a death.
   */
  staleAfterMs: number;
  /** The same bound for a claim written before heartbeats existed (no owner): the longest job's wait and more. */
  ownerlessStaleAfterMs: number;
}

export const IDEMPOTENT_REQUEST_TIMING = Symbol('IDEMPOTENT_REQUEST_TIMING');

export const DEFAULT_IDEMPOTENT_REQUEST_TIMING: IdempotentRequestTiming = {
  waitMs: IDEMPOTENT_REQUEST_WAIT_SECONDS * 1000,
  pollMs: 250,
  heartbeatMs: 2_000,
  staleAfterMs: 10_000,
  ownerlessStaleAfterMs: 15 * 60 * 1000,
};

/**
 * The claim a request holds on its key, given to its work. `progress` is what an earlier holder
 * recorded before its process died (null for the first one): the work carries on from it (the job
 * it added, the job's result) instead of starting again, which would charge twice.
 */
export interface IdempotentClaim<P extends object> {
  readonly progress: Partial<P> | null;
  /**
   * Records progress for a successor (merged into what is there). Throws ClaimLostError when
   * another request has taken the claim over: the work must then stop short of its remaining
   * steps, and this request answers the successor's result.
   */
  record(progress: Partial<P>): Promise<void>;
}

export interface IdempotentRunOptions<P extends object> {
  /**
   * Whether a failure leaves work under way (a job still running, a job's result not yet
   * delivered): the claim is then kept with its progress and marked stale, so the next request
   * with the key takes it over at once and finishes it, instead of running it again.
   * `progress` is what this request has recorded so far.
   */
  keepClaimOn?: (error: unknown, progress: Partial<P>) => boolean;
}

/** The request's claim was taken over (its heartbeat lapsed): the successor finishes the work. */
export class ClaimLostError extends Error {
  constructor() {
    super('Another request took over this idempotent request.');
    this.name = 'ClaimLostError';
  }
}

/**
 * Exactly-once requests by `Idempotency-Key` (docs/architecture.md#idempotent-media-and-voice-requests):
 * the first request with a key claims it and runs; its result is stored, and every later request
 * with the key and the same body answers that result without running anything. A request that
 * fails lets its key go, so a retry runs again. While it runs, the request renews its claim every
 * `heartbeatMs`; a claim left unrenewed for `staleAfterMs` (its API instance died) is taken over
 * by the next request with the key, which carries the work on from the recorded progress. The
 * result must be plain JSON: it is stored as jsonb, and a replay answers it as read back.
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
  async run<T, P extends object = Record<string, unknown>>(
    userId: string,
    scope: IdempotentScope,
    key: string | undefined,
    requestHash: string,
    work: (claim: IdempotentClaim<P>) => Promise<T>,
    options: IdempotentRunOptions<P> = {},
  ): Promise<T> {
    if (key === undefined) return work({ progress: null, record: async () => undefined });
    const id: IdempotentRequestKey = { userId, scope, key };
    const owner = randomUUID();
    const staleness = this.timing;
    let deadline = Date.now() + this.timing.waitMs;
    for (;;) {
      let outcome: { result: T } | 'lost' | undefined;
      if (await this.repository.claim(id, requestHash, owner)) {
        outcome = await this.runClaimed(id, owner, null, work, options);
      } else {
        const row = await this.repository.find(id, staleness);
        // Gone between the claim and the read (the first request failed): claim again at once.
        if (!row) continue;
        if (row.requestHash !== requestHash) throw idempotencyKeyReused();
        if (row.status === 'done') return row.result as T;
        const taken = row.stale
          ? await this.repository.takeOver(id, requestHash, owner, staleness)
          : undefined;
        if (taken) {
          this.logger.log(`Took over the idempotent request ${scope} ${key} from a request that stopped`);
          outcome = await this.runClaimed(
            id,
            owner,
            (taken.progress as Partial<P> | null) ?? null,
            work,
            options,
          );
        }
      }
      if (outcome === 'lost') deadline = Date.now() + this.timing.waitMs;
      else if (outcome) return outcome.result;
      if (Date.now() >= deadline) throw new RequestInProgressException();
      await sleep(Math.min(this.timing.pollMs, Math.max(0, deadline - Date.now())));
    }
  }

  /** Runs the work under the claim, renewing it; 'lost' when another request took it over meanwhile. */
  private async runClaimed<T, P extends object>(
    id: IdempotentRequestKey,
    owner: string,
    progress: Partial<P> | null,
    work: (claim: IdempotentClaim<P>) => Promise<T>,
    options: IdempotentRunOptions<P>,
  ): Promise<{ result: T } | 'lost'> {
    const recorded: Partial<P> = { ...progress };
    // One warning per run of failures (a database outage), not one every heartbeat.
    let renewFailing = false;
    const heartbeat = setInterval(() => {
      this.repository.renew(id, owner).then(
        () => (renewFailing = false),
        (error: unknown) => {
          if (!renewFailing) this.warn('Renewing', id, error);
          renewFailing = true;
        },
      );
    }, this.timing.heartbeatMs);
    heartbeat.unref();
    const claim: IdempotentClaim<P> = {
      progress,
      record: async (next) => {
        if (!(await this.repository.record(id, owner, next))) throw new ClaimLostError();
        Object.assign(recorded, next);
      },
    };
    let result: T;
    try {
      result = await work(claim);
    } catch (error) {
      if (error instanceof ClaimLostError) return 'lost';
      const settle = options.keepClaimOn?.(error, recorded)
        ? this.repository.abandon(id, owner)
        : this.repository.release(id, owner);
      await settle.catch((settleError: unknown) => this.warn('Releasing', id, settleError));
      throw error;
    } finally {
      clearInterval(heartbeat);
    }
    // The work is done and charged: its answer goes out even if storing it fails (a retry then
    // takes the claim over once stale and finishes from the recorded progress).
    await this.repository
      .complete(id, owner, result)
      .catch((storeError: unknown) => this.warn('Storing', id, storeError));
    return { result };
  }

  private warn(what: string, id: IdempotentRequestKey, error: unknown): void {
    this.logger.warn(
      `${what} the idempotent request ${id.scope} ${id.key} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
