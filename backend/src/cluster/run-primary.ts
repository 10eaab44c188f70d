import type { AppConfig } from '../config';
import { startDatabase } from '../database/start-database';
import { fatal, onShutdownSignal } from '../process-lifecycle';
import { runMigrations } from './run-migrations';
import { WorkerSupervisor } from './worker-supervisor';

/**
 * The primary of API_PROCESSES > 1 (docs/operations.md "Several API processes"): owns what must
 * exist once (the embedded PostgreSQL, the migrations), then forks the API workers that serve HTTP
 * and run the job handlers, replaces those that die, and on SIGTERM/SIGINT stops the workers
 * before the database. It opens no port and no Nest app itself.
 */
export async function runPrimary(config: AppConfig, say: (message: string) => void): Promise<void> {
  const database = await startDatabase(config, { log: say, warn: say });
  if (config.databaseEngine === 'embedded')
    say('Embedded PostgreSQL is running (data kept in ' + config.dataDir + ').');
  try {
    await runMigrations(database.url);
  } catch (error) {
    await database.stop().catch(() => undefined);
    throw error;
  }

  const supervisor = new WorkerSupervisor({
    processes: config.apiProcesses,
    databaseUrl: database.url,
    log: say,
    onAllListening: (port) =>
      say(`Kasa is running at http://localhost:${port} (${config.apiProcesses} API processes)`),
    onGiveUp: (message) => {
      void supervisor
        .stop('SIGKILL')
        .then(() => database.stop())
        .finally(() => fatal('Kasa stopped', new Error(message)));
    },
  });
  supervisor.start();

  onShutdownSignal(async (signal) => {
    await supervisor.stop(signal);
    await database.stop();
  }, say);
}
