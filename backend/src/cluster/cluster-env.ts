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
  /** Worker threads each process starts when THREAD_POOL_SIZE is not set (sharedThreadPoolSize). */
  threads?: number;
}

export function workerEnv({ databaseUrl, index, threads }: WorkerEnv): Record<string, string> {
  return {
    [CLUSTER_DATABASE_URL]: databaseUrl,
    [CLUSTER_PROCESS_INDEX]: String(index),
    ...(threads === undefined ? {} : { THREAD_POOL_SIZE: String(threads) }),
  };
}

/**
 * Worker threads per API process when THREAD_POOL_SIZE is unset: alone a process takes every core
 * but its own (config/load-config.ts); N processes share the cores out, at least one thread each,
 * instead of each starting a pool as big as the machine.
 */
export function sharedThreadPoolSize(processes: number, cores: number): number {
  return Math.max(1, Math.floor(cores / processes));
}

/** The database URL the primary gave this worker, if it is one. */
export function databaseUrlFromPrimary(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env[CLUSTER_DATABASE_URL] || undefined;
}
