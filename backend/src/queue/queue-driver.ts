import { Queue, QueueEvents, Worker, createPostgresBackend, withBackend } from 'bullmq';
import type { AppConfig } from '../config';

export type QueueBackendName = 'redis' | 'postgres';

/** The BullMQ classes bound to one datastore, plus what they connect with. */
export interface QueueDriver {
  backend: QueueBackendName;
  Queue: typeof Queue;
  Worker: typeof Worker;
  QueueEvents: typeof QueueEvents;
  /** Options every Queue / Worker / QueueEvents of this driver is constructed with. */
  options: { connection: unknown; prefix?: string };
}

/**
 * REDIS_URL set: BullMQ on Redis (workers can scale out). Otherwise BullMQ's PostgreSQL backend
 * in the app's own database, in a schema of its own, so the embedded mode needs no Redis.
 */
export function createQueueDriver(
  config: Pick<AppConfig, 'redisUrl' | 'databaseUrl' | 'queuePrefix'>,
): QueueDriver {
  if (config.redisUrl) {
    return {
      backend: 'redis',
      Queue,
      Worker,
      QueueEvents,
      // null: BullMQ's blocking commands must retry forever instead of failing the worker.
      options: {
        connection: { url: config.redisUrl, maxRetriesPerRequest: null },
        prefix: config.queuePrefix,
      },
    };
  }
  if (!config.databaseUrl) throw new Error('The queue needs REDIS_URL or a database URL.');
  const postgres = withBackend(createPostgresBackend);
  return {
    backend: 'postgres',
    Queue: postgres.Queue as unknown as typeof Queue,
    Worker: postgres.Worker as unknown as typeof Worker,
    QueueEvents: postgres.QueueEvents as unknown as typeof QueueEvents,
    options: {
      connection: {
        connectionString: config.databaseUrl,
        schema: `${config.queuePrefix}_queue`,
        migrate: true,
        max: 5,
      },
    },
  };
}
