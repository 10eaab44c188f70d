import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DatabaseHealth, HealthResponse, QueueHealth } from '@kasa/contracts';
import { APP_CONFIG, type AppConfig } from '../config';
import { ApiException } from '../common/api-exception';
import { PING_JOB, QueueService } from '../queue';

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** No worker took the ping, or none finished it in time. */
function isNoAnswer(error: unknown): boolean {
  if (!(error instanceof ApiException)) return false;
  const { code } = error.getResponse() as { code?: string };
  return code === 'JOB_NO_WORKER' || code === 'JOB_TIMEOUT';
}

@Injectable()
export class HealthService {
  private readonly startedAt = Date.now();
  /** The last queue round trip, shared by every caller until freshUntil (Infinity while running). */
  private queueProbe?: { result: Promise<QueueHealth>; freshUntil: number };

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queues: QueueService,
  ) {}

  /** `detailed`: engines, timings, error texts, version and uptime too (admins, this machine). */
  async check(detailed: boolean): Promise<HealthResponse> {
    const [database, queue] = await Promise.all([this.checkDatabase(), this.queueHealth()]);
    const status = database.status === 'ok' && queue.status === 'ok' ? 'ok' : 'error';
    if (!detailed) return { status, database: { status: database.status }, queue: { status: queue.status } };
    return {
      status,
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

  /**
   * A public endpoint must not create a job per call: one round trip answers every caller for
   * healthQueueCacheMs after it ends, and callers arriving while it runs wait for that same one.
   */
  private queueHealth(): Promise<QueueHealth> {
    if (this.queueProbe && Date.now() < this.queueProbe.freshUntil) return this.queueProbe.result;
    const probe = { result: this.checkQueue(), freshUntil: Number.POSITIVE_INFINITY };
    this.queueProbe = probe;
    void probe.result.then(() => {
      probe.freshUntil = Date.now() + this.config.healthQueueCacheMs;
    });
    return probe.result;
  }

  /** A real round trip: a ping job is queued, a worker processes it, its result is read back. */
  private async checkQueue(): Promise<QueueHealth> {
    const started = performance.now();
    const timeoutMs = this.config.healthQueueTimeoutMs;
    try {
      const result = await this.queues
        .runJob(PING_JOB, { sentAt: Date.now() }, { timeoutMs, attempts: 1 })
        .catch((error: unknown) => {
          if (!isNoAnswer(error)) throw error;
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
