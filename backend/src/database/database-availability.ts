import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { APP_CONFIG, type AppConfig } from '../config';
import type { DatabaseOutageReporter } from '../common/database-unavailable';

export { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailableError } from '../common/database-unavailable';

/** How often, during an outage, one connection attempt checks whether the database is back. */
export const DATABASE_PROBE_INTERVAL_MS = 2000;

function describe(error: unknown): string {
  // Duck-typed: errors from node:net may come from another realm than this module's Error.
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  if (typeof message !== 'string') return String(error);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * Whether this process can reach PostgreSQL, told once per outage: the first connection failure
 * logs one warning, later ones only count; a connection attempt every DATABASE_PROBE_INTERVAL_MS
 * notices the return and logs it once. Requests are never held back by this state: each one
 * still tries the database, so the first after the return succeeds (docs/operations.md).
 */
@Injectable()
export class DatabaseAvailability implements OnApplicationShutdown, DatabaseOutageReporter {
  private readonly logger = new Logger('Database');
  private outage?: { since: number; failures: number; probe?: ReturnType<typeof setTimeout> };
  private stopped = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Whether an outage is under way (a connection failed and no probe has connected since). */
  get unavailable(): boolean {
    return this.outage !== undefined;
  }

  /** A connection failure seen by a request, a query or the pool. */
  failed(error: unknown): void {
    if (this.outage) {
      this.outage.failures++;
      return;
    }
    this.outage = { since: Date.now(), failures: 1 };
    this.logger.warn(
      `PostgreSQL cannot be reached (${describe(error)}): requests that need it answer 503 SERVICE_UNAVAILABLE until it is back.`,
    );
    this.scheduleProbe();
  }

  private scheduleProbe(): void {
    if (!this.outage || this.stopped) return;
    this.outage.probe = setTimeout(() => void this.probe(), DATABASE_PROBE_INTERVAL_MS);
    this.outage.probe.unref();
  }

  private async probe(): Promise<void> {
    const client = new Client({
      connectionString: this.config.databaseUrl,
      connectionTimeoutMillis: DATABASE_PROBE_INTERVAL_MS,
      application_name: 'kasa-probe',
    });
    client.on('error', () => undefined);
    let reachable = false;
    try {
      await client.connect();
      await client.query('SELECT 1');
      reachable = true;
    } catch {
      reachable = false;
    } finally {
      await client.end().catch(() => undefined);
    }
    const outage = this.outage;
    if (!outage || this.stopped) return;
    if (!reachable) return this.scheduleProbe();
    this.outage = undefined;
    this.logger.log(
      `PostgreSQL is reachable again after ${Math.round((Date.now() - outage.since) / 1000)} s (${outage.failures} failed requests or queries during the outage).`,
    );
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.outage?.probe) clearTimeout(this.outage.probe);
  }
}
