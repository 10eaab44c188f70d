import 'reflect-metadata';
import type { Server } from 'node:http';
import { warmUpSpeechToText } from './ai/transcription/warm-up-speech-to-text';
import { createApp } from './app.factory';
import { applyServerTimeouts } from './common/server-timeouts';
import { ConfigError, loadConfig } from './config';
import { startDatabase } from './database/start-database';
import { fatal, onShutdownSignal } from './process-lifecycle';

const say = (message: string) => process.stdout.write(`[kasa] ${message}\n`);

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await startDatabase(config, { log: say, warn: say });
  if (config.databaseEngine === 'embedded')
    say('Embedded PostgreSQL is running (data kept in ' + config.dataDir + ').');

  let app;
  try {
    app = await createApp({ ...config, databaseUrl: database.url });
    applyServerTimeouts(app.getHttpServer() as Server);
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

  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  say(`Kasa is running at http://localhost:${port}`);
}

main().catch((error: unknown) =>
  fatal(error instanceof ConfigError ? 'Kasa cannot start' : 'Kasa failed to start', error),
);
