import { join } from 'node:path';
import { DataSource } from 'typeorm';

/**
 * Runs pending migrations once, in the primary, before any API worker starts: TypeORM takes no
 * lock around them, so N processes starting together would each try the same ALTERs. The workers
 * still start TypeORM with migrationsRun (database/database.module.ts) and then find nothing
 * pending.
 */
export async function runMigrations(databaseUrl: string): Promise<number> {
  const dataSource = new DataSource({
    type: 'postgres',
    url: databaseUrl,
    migrations: [join(__dirname, '..', 'database', 'migrations', '*.{js,ts}')],
    migrationsTransactionMode: 'each',
    extra: { max: 1, application_name: 'kasa-migrations' },
  });
  await dataSource.initialize();
  try {
    const ran = await dataSource.runMigrations({ transaction: 'each' });
    return ran.length;
  } finally {
    await dataSource.destroy();
  }
}
