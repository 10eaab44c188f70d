/** One slot taken: whose, of which kind, and the lease id that holds it. */
export interface Lease {
  userId: string;
  kind: string;
  leaseId: string;
  /** The slot's number (PostgreSQL); the Redis store needs none. */
  slot: number;
}

/**
 * Where the slots are counted, shared by every API process (PostgreSQL, or Redis when configured).
 * A lease lasts `ttlMs` unless renewed: a process that dies without releasing frees its slots
 * that long after, so a crash never locks a user out.
 */
export interface LeaseStore {
  /** Takes one of the `limit` slots of (user, kind); null when all are held by live leases. */
  tryAcquire(userId: string, kind: string, limit: number, ttlMs: number): Promise<Lease | null>;
  /** Pushes the expiry of these live leases `ttlMs` from now (a lease already gone stays gone). */
  renew(leases: Lease[], ttlMs: number): Promise<void>;
  release(lease: Lease): Promise<void>;
  close(): Promise<void>;
}

export const LEASE_STORE = Symbol('LEASE_STORE');
