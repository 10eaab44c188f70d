import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { warmUpSpeechToText } from './ai/transcription/warm-up-speech-to-text';
import { ConfigError, loadConfig } from './config';
import { fatal, onShutdownSignal } from './process-lifecycle';
import { WorkerModule } from './worker.module';

const say = (message: string) => process.stdout.write(`[kasa-worker] ${message}\n`);

/**
 * Job handlers (JOB_MODULES) in their own process (scale-out). Needs DATABASE_URL: the embedded
 * database belongs to the API process, which then runs the handlers itself (WORKER_MODE=inline).
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env, { role: 'separate' });
  if (!config.databaseUrl) {
    throw new ConfigError([
      'DATABASE_URL is required for a separate worker (in embedded mode the API process runs the jobs itself)',
    ]);
  }
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  await app.init();
  warmUpSpeechToText(app);
  onShutdownSignal(() => app.close(), say);
  say(`Worker started (queue on ${config.redisUrl ? 'Redis' : 'PostgreSQL'}).`);
}

main().catch((error: unknown) =>
  fatal(error instanceof ConfigError ? 'Kasa worker cannot start' : 'Kasa worker failed to start', error),
);
