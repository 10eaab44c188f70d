import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DatabaseHealth, HealthResponse, QueueHealth } from '@kasa/contracts';
import { APP_CONFIG, type AppConfig } from '../config';
import {
  PING_JOB,
  QueueService,
  QueueTimeoutError,
  SYSTEM_QUEUE,
  type PingJobData,
  type PingJobResult,
} from '../queue';

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

@Injectable()
export class HealthService {
  private readonly startedAt = Date.now();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queues: QueueService,
  ) {}

  async check(): Promise<HealthResponse> {
    const [database, queue] = await Promise.all([this.checkDatabase(), this.checkQueue()]);
    return {
      status: database.status === 'ok' && queue.status === 'ok' ? 'ok' : 'error',
      database,
      queue,
      version: this.config.version,
      uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
    };
  }

  private async checkDatabase(): Promise<DatabaseHealth> {
    const started = performance.now();
    try {
      await this.dataSource.query('SELECT 1');
      return {
        status: 'ok',
        engine: this.config.databaseEngine,
        latencyMs: Math.round(performance.now() - started),
      };
    } catch (error) {
      return { status: 'error', engine: this.config.databaseEngine, error: message(error) };
    }
  }

  /** A real round trip: a ping job is queued, a worker processes it, its result is read back. */
  private async checkQueue(): Promise<QueueHealth> {
    const started = performance.now();
    const timeoutMs = this.config.healthQueueTimeoutMs;
    try {
      const job = await this.queues.queue<PingJobData, PingJobResult>(SYSTEM_QUEUE).add(
        PING_JOB,
        { sentAt: Date.now() },
        {
          // Kept a little while: removing a job the moment it completes races waitUntilFinished.
          removeOnComplete: { age: 60, count: 200 },
          removeOnFail: { age: 3600, count: 200 },
          attempts: 1,
        },
      );
      const result = await this.queues.waitForResult(job, timeoutMs).catch((error: unknown) => {
        if (!(error instanceof QueueTimeoutError)) throw error;
        // Nobody took the job: remove it so a worker starting later does not process stale pings.
        void job.remove().catch(() => undefined);
        throw new Error(
          `No worker answered within ${timeoutMs} ms: start one (node backend/dist/worker.js) or set WORKER_MODE=inline`,
        );
      });
      if (!result?.pong) throw new Error('The ping job returned an unexpected result');
      return {
        status: 'ok',
        backend: this.queues.backend,
        roundTripMs: Math.round(performance.now() - started),
      };
    } catch (error) {
      return { status: 'error', backend: this.queues.backend, error: message(error) };
    }
  }
}
