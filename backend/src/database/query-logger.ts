import { Logger as NestLogger } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';
import { type DatabaseAvailability, isDatabaseUnavailableError } from './database-availability';

/** How much of a failed statement's text a log line keeps: enough to find it in the code. */
const QUERY_HEAD_CHARS = 160;

/**
 * TypeORM's log lines through the app's logger. A failed statement is logged with its error and
 * the head of its text, never its parameters: they hold users' messages and password hashes, and
 * a batch of a thousand replies made one log line of megabytes.
 */
export class QueryLogger implements TypeOrmLogger {
  private readonly logger = new NestLogger('Database');

  /** `availability`: where a lost connection is reported (one warning per outage, not a line per query). */
  constructor(private readonly availability?: DatabaseAvailability) {}

  logQuery(): void {
    /* every statement: not logged */
  }

  // The parameters are TypeORM's third argument, left out on purpose.
  logQueryError(error: string | Error, query: string, _parameters?: unknown[]): void {
    if (this.availability && isDatabaseUnavailableError(error)) return this.availability.failed(error);
    const head = query.replace(/\s+/g, ' ').trim().slice(0, QUERY_HEAD_CHARS);
    this.logger.error(`${error instanceof Error ? error.message : error} (in: ${head}…)`);
  }

  logQuerySlow(time: number, query: string): void {
    this.logger.warn(
      `Slow statement (${time} ms): ${query.replace(/\s+/g, ' ').trim().slice(0, QUERY_HEAD_CHARS)}…`,
    );
  }

  logSchemaBuild(): void {
    /* synchronize is off */
  }

  logMigration(message: string): void {
    this.logger.log(message);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn(String(message));
    else this.logger.log(String(message));
  }
}
