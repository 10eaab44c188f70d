import type { AppConfig } from '../config';
import { EmbeddedDatabase, type EmbeddedDatabaseLogger } from './embedded-postgres';

export interface RunningDatabase {
  url: string;
  /** Stops the embedded server (no-op for an external database). */
  stop(): Promise<void>;
}

/** DATABASE_URL as given, or the embedded PostgreSQL started in DATA_DIR. */
export async function startDatabase(
  config: AppConfig,
  logger: EmbeddedDatabaseLogger,
): Promise<RunningDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => undefined };
  const embedded = new EmbeddedDatabase(config.dataDir, config.embeddedPgPort, logger);
  try {
    const url = await embedded.start();
    return { url, stop: () => embedded.stop() };
  } catch (error) {
    await embedded.stop().catch(() => undefined);
    throw error;
  }
}
