import 'reflect-metadata';
import cluster from 'node:cluster';
import { runPrimary, serveApi } from './cluster';
import { ConfigError, loadConfig } from './config';
import { fatal } from './process-lifecycle';

const say = (message: string) => process.stdout.write(`[kasa] ${message}\n`);

/** API_PROCESSES > 1: a primary that forks API workers (cluster/); 1: the API in this process. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isPrimary && config.apiProcesses > 1) await runPrimary(config, say);
  else await serveApi(config, say);
}

main().catch((error: unknown) =>
  fatal(error instanceof ConfigError ? 'Kasa cannot start' : 'Kasa failed to start', error),
);
