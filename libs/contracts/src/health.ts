export type ComponentStatus = 'ok' | 'error';

/**
 * GET /api/health. Everyone gets the statuses; the details (engines, timings, error texts,
 * version, uptime) go only to an administrator's bearer token or a caller on the server itself.
 */
export interface DatabaseHealth {
  status: ComponentStatus;
  /** 'embedded' when the app started its own PostgreSQL, 'external' when DATABASE_URL is set. */
  engine?: 'embedded' | 'external';
  latencyMs?: number;
  error?: string;
}

export interface QueueHealth {
  status: ComponentStatus;
  /** Where BullMQ keeps its jobs. */
  backend?: 'redis' | 'postgres';
  /** Time for a real job to be added, processed by a worker and read back (measured at most every few seconds). */
  roundTripMs?: number;
  error?: string;
}

export interface HealthResponse {
  status: ComponentStatus;
  database: DatabaseHealth;
  queue: QueueHealth;
  version?: string;
  uptimeSeconds?: number;
}
