import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { AppConfig } from '../../src/config';
import { WorkerModule } from '../../src/worker.module';
import { TestJobsModule } from './test-jobs';

/**
 * A worker process for tests (run through ts-child.cjs): the real WorkerModule plus the test
 * jobs, on the config given as JSON in KASA_TEST_CONFIG. Prints 'ready' once it consumes jobs.
 */
async function main(): Promise<void> {
  const config = JSON.parse(process.env.KASA_TEST_CONFIG ?? '') as AppConfig;
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, [TestJobsModule]), {
    logger: ['error'],
  });
  await worker.init();
  process.stdout.write('ready\n');
  process.on('SIGTERM', () => void worker.close().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
