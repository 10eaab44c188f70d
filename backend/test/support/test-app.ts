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

export interface TestEnvironment {
  config: AppConfig;
  databaseUrl: string;
  /** Drops the database and removes the data folder. */
  dispose(): Promise<void>;
}

/**
 * The configuration of one test's API on a fresh database and data folder, with the queue on
 * Redis or on PostgreSQL, under a queue namespace of its own.
 */
export async function createTestEnvironment(
  label: string,
  options: TestAppOptions = {},
): Promise<TestEnvironment> {
  const database = await createTestDatabase(label);
  const dataDir = mkdtempSync(join(tmpdir(), 'kasa-test-'));
  const config: AppConfig = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      ...(options.queue === 'redis' ? { REDIS_URL: TEST_REDIS_URL } : {}),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // One API process, as a test app is: its own pool and threads are not shared out with others.
      API_PROCESSES: '1',
      QUEUE_PREFIX: `t${randomBytes(4).toString('hex')}`,
      // 60,000 rows per test database would slow every suite: the language tool's tests turn it on.
      DICTIONARY_AUTO_IMPORT: 'false',
      ...options.env,
    }),
    ...options.config,
  };
  return {
    config,
    databaseUrl: database.url,
    dispose: async () => {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The real API application (same factory as main.ts) in this process, on a fresh test environment. */
export async function createTestApp(label: string, options: TestAppOptions = {}): Promise<TestApp> {
  const environment = await createTestEnvironment(label, options);
  const app = await createApp(environment.config);
  await app.init();
  return {
    app,
    config: environment.config,
    databaseUrl: environment.databaseUrl,
    close: async () => {
      await app.close();
      await environment.dispose();
    },
  };
}
