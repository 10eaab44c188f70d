import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { createApp } from '../../src/app.factory';
import { type AppConfig, loadConfig } from '../../src/config';
import { createTestDatabase, TEST_REDIS_URL } from './test-database';

export type QueueBackend = 'redis' | 'postgres';

export interface TestAppOptions {
  queue?: QueueBackend;
  env?: Record<string, string>;
  config?: Partial<AppConfig>;
}

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * The real API application (same factory as main.ts) on a fresh database, with the queue on
 * Redis or on PostgreSQL, under a queue namespace of its own.
 */
export async function createTestApp(label: string, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(label);
  const dataDir = mkdtempSync(join(tmpdir(), 'kasa-test-'));
  const config: AppConfig = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      ...(options.queue === 'redis' ? { REDIS_URL: TEST_REDIS_URL } : {}),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      QUEUE_PREFIX: `t${randomBytes(4).toString('hex')}`,
      // 60,000 rows per test database would slow every suite: the language tool's tests turn it on.
      DICTIONARY_AUTO_IMPORT: 'false',
      ...options.env,
    }),
    ...options.config,
  };
  const app = await createApp(config);
  await app.init();
  return {
    app,
    config,
    databaseUrl: database.url,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
