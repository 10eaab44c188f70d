import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config';
import { tooManyConcurrent } from './concurrency-limits.errors';
import { type Lease, LEASE_STORE, type LeaseStore } from './lease-store';

/** What a capped route counts against: its own kind of heavy request, or the user's open streams. */
export type ConcurrencyCap = { pool: 'heavy'; kind: string } | { pool: 'streams' };

/** The kind under which every event stream of a user is counted. */
export const STREAMS_KIND = 'event-streams';

/** A slot held for one request; release() is safe to call more than once. */
export interface HeldSlot {
  release(): Promise<void>;
}

const NOTHING_HELD: HeldSlot = { release: () => Promise.resolve() };

/**
 * Per-user concurrency caps (docs/operations.md#per-user-concurrency): a request takes a slot
 * before it runs and gives it back when it ends; over the cap, 429 TOO_MANY_CONCURRENT_REQUESTS.
 * Slots live in the shared LeaseStore, so the cap holds across API processes. This process renews
 * the leases it holds every third of their lifetime, in one call.
 *
 * A store that fails (the database or Redis unreachable) lets the request through, logged: the cap
 * protects the server's capacity, and must not turn a store hiccup into refusing everyone.
 */
@Injectable()
export class ConcurrencyLimiter implements OnApplicationShutdown {
  private readonly logger = new Logger(ConcurrencyLimiter.name);
  private readonly held = new Set<Lease>();
  private renewTimer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LEASE_STORE) private readonly store: LeaseStore,
  ) {}

  /** A slot for this user under `cap`, or ApiException 429 when all are taken. */
  async acquire(userId: string, cap: ConcurrencyCap): Promise<HeldSlot> {
    const { heavyRequestsPerUser, streamsPerUser, leaseTtlMs } = this.config.concurrency;
    const [kind, limit] =
      cap.pool === 'heavy' ? [cap.kind, heavyRequestsPerUser] : [STREAMS_KIND, streamsPerUser];
    let lease: Lease | null;
    try {
      lease = await this.store.tryAcquire(userId, kind, limit, leaseTtlMs);
    } catch (error) {
      this.logger.warn(`Counting ${kind} for a user failed, let through: ${describe(error)}`);
      return NOTHING_HELD;
    }
    if (!lease) throw tooManyConcurrent(cap, limit);
    return this.hold(lease);
  }

  private hold(lease: Lease): HeldSlot {
    this.held.add(lease);
    this.renewTimer ??= setInterval(() => void this.renewHeld(), this.config.concurrency.leaseTtlMs / 3);
    this.renewTimer.unref();
    let released: Promise<void> | null = null;
    return {
      release: () => (released ??= this.release(lease)),
    };
  }

  private async release(lease: Lease): Promise<void> {
    this.held.delete(lease);
    if (!this.held.size && this.renewTimer) {
      clearInterval(this.renewTimer);
      this.renewTimer = null;
    }
    try {
      await this.store.release(lease);
    } catch (error) {
      // The lease expires by itself (leaseTtlMs) now that nothing renews it.
      this.logger.warn(`Releasing a ${lease.kind} slot failed: ${describe(error)}`);
    }
  }

  private async renewHeld(): Promise<void> {
    try {
      await this.store.renew([...this.held], this.config.concurrency.leaseTtlMs);
    } catch (error) {
      this.logger.warn(`Renewing ${this.held.size} concurrency slots failed: ${describe(error)}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = null;
    await this.store.close();
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
