import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/** A fixed SQL text under a name unique to it (a name must never be reused for another text). */
export interface PreparedStatement {
  name: string;
  text: string;
}

/**
 * Runs a named statement on the DataSource's connection pool: PostgreSQL parses and plans it once
 * per pooled connection, then only binds and executes it. TypeORM's `query` cannot name a
 * statement, so a lookup made on every request would be parsed and planned every time (for the
 * small indexed lookups of the auth guard and entitlement, that was most of their database time).
 */
export async function queryPrepared<Row>(
  dataSource: DataSource,
  statement: PreparedStatement,
  values: unknown[],
): Promise<Row[]> {
  const pool = (dataSource.driver as PostgresDriver).master as Pool;
  const result = await pool.query({ name: statement.name, text: statement.text, values });
  return result.rows as Row[];
}
