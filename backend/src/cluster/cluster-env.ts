/**
 * What the primary hands each API worker process through its environment (node:cluster forks
 * the same entry, main.js): the database it started (or DATABASE_URL), that migrations have run,
 * and the worker's stable slot. Read here only, never by feature code: features read
 * AppConfig.apiProcessIndex (config/load-config.ts).
 */
export const CLUSTER_DATABASE_URL = 'KASA_CLUSTER_DATABASE_URL';
export const CLUSTER_PROCESS_INDEX = 'KASA_PROCESS_INDEX';

export interface WorkerEnv {
  databaseUrl: string;
  index: number;
}

/** A worker's share of the pools and threads follows from API_PROCESSES, which it inherits. */
export function workerEnv({ databaseUrl, index }: WorkerEnv): Record<string, string> {
  return { [CLUSTER_DATABASE_URL]: databaseUrl, [CLUSTER_PROCESS_INDEX]: String(index) };
}

/** The database URL the primary gave this worker, if it is one. */
export function databaseUrlFromPrimary(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env[CLUSTER_DATABASE_URL] || undefined;
}
