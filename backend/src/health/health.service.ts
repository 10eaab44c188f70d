import { Inject, Injectable } from '@nestjs/common';
import type { DatabaseHealth, HealthResponse, QueueHealth } from '@kasa/contracts';
import { APP_CONFIG, type AppConfig } from '../config';
import { ApiException } from '../common/api-exception';
import { PING_JOB, QueueService } from '../queue';
import { HealthRepository } from './health.repository';

function message(error: unknown): string {
  const text = (error as { message?: unknown } | null)?.message;
  return typeof text === 'string' ? text : String(error);
}

/** A check that did not answer within its bound (withDeadline). */
export class DeadlineError extends Error {
  override name = 'DeadlineError';
}

const START_A_WORKER = 'start one (node backend/dist/worker.js) or set WORKER_MODE=inline';

/**
 * `work`, or a rejection after `ms`: a dependency that does not answer (a cut network, a client
 * waiting for a connection that never comes) must not hold the health answer past its bound.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * What each check may take beyond healthQueueTimeoutMs: the queue's ping has that timeout once
 * queued, so its own "no worker" answer comes first when the queue itself answers.
 */
export const HEALTH_CHECK_MARGIN_MS = 250;

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
    private readonly database: HealthRepository,
    private readonly queues: QueueService,
  ) {}

  /** Every check's bound: the queue's own timeout plus HEALTH_CHECK_MARGIN_MS. */
  private get deadlineMs(): number {
    return this.config.healthQueueTimeoutMs + HEALTH_CHECK_MARGIN_MS;
  }

  /**
   * `detailed`: engines, timings, error texts, version and uptime too (admins, this machine);
   * it may wait on the database (whose token is it?), so it is bounded like the checks and
   * counts as false when it fails.
   */
  async check(detailed: boolean | Promise<boolean>): Promise<HealthResponse> {
    const [database, queue, showDetails] = await Promise.all([
      this.checkDatabase(),
      this.queueHealth(),
      withDeadline(Promise.resolve(detailed), this.deadlineMs, 'The session lookup').catch(() => false),
    ]);
    detailed = showDetails;
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
      await withDeadline(this.database.ping(), this.deadlineMs, 'PostgreSQL');
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
      // The job's own timeout starts once it is queued; queueing itself can hang (Redis cut off,
      // its client waiting to reconnect), so the whole round trip has the same bound.
      const result = await withDeadline(
        this.queues.runJob(PING_JOB, { sentAt: Date.now() }, { timeoutMs, attempts: 1 }),
        this.deadlineMs,
        'The queue',
      ).catch((error: unknown) => {
        if (isNoAnswer(error))
          throw new Error(`No worker answered within ${timeoutMs} ms: ${START_A_WORKER}`);
        // Under load, queueing the ping can itself use up the margin: the answer is still that
        // no worker answered in time, though the queue's store may be the part that hangs.
        if (error instanceof DeadlineError)
          throw new Error(
            `No worker answered within ${this.deadlineMs} ms (the queue may be unreachable): ${START_A_WORKER}`,
          );
        throw error;
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
