import cluster from 'node:cluster';
import type { Server, ServerResponse } from 'node:http';
import { warmUpSpeechToText } from '../ai/transcription/warm-up-speech-to-text';
import { createApp } from '../app.factory';
import { applyServerTimeouts } from '../common/server-timeouts';
import type { AppConfig } from '../config';
import { startDatabase } from '../database/start-database';
import { onShutdownSignal } from '../process-lifecycle';
import { databaseUrlFromPrimary } from './cluster-env';

/**
 * One API process: the whole app on the port. Alone (API_PROCESSES=1) it starts the database
 * itself and says where Kasa runs; as a cluster worker it uses the database the primary started
 * (migrations done) and leaves the message and the database's stop to the primary.
 */
export async function serveApi(config: AppConfig, say: (message: string) => void): Promise<void> {
  const worker = cluster.isWorker;
  const fromPrimary = worker ? databaseUrlFromPrimary() : undefined;
  const database = fromPrimary
    ? { url: fromPrimary, stop: async () => undefined }
    : await startDatabase(config, { log: say, warn: say });
  if (!worker && config.databaseEngine === 'embedded')
    say('Embedded PostgreSQL is running (data kept in ' + config.dataDir + ').');

  let app;
  try {
    app = await createApp({ ...config, databaseUrl: database.url });
    applyServerTimeouts(app.getHttpServer() as Server);
    if (worker && config.nodeEnv === 'test') tellProcessInTests(app.getHttpServer() as Server);
    await app.listen(config.port, config.host);
    if (config.workerMode === 'inline') warmUpSpeechToText(app);
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.stop();
    throw error;
  }

  onShutdownSignal(async () => {
    await app.close();
    await database.stop();
  }, say);

  if (worker) return;
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  say(`Kasa is running at http://localhost:${port}`);
}

/**
 * NODE_ENV=test only: each answer names the API process that gave it (X-Kasa-Process: its pid), so
 * backend/test/cluster.spec.ts can prove a reply started on one process is resumed on another.
 * Never in production: a pid tells an outsider nothing useful but is no one's business either.
 */
function tellProcessInTests(server: Server): void {
  server.prependListener('request', (_request, response: ServerResponse) =>
    response.setHeader('X-Kasa-Process', String(process.pid)),
  );
}
