// The queue's own cost per job: 'system.ping' jobs (their handler only answers) added straight to
// a running Kasa's 'system' queue with the same BullMQ classes and settings as
// backend/src/queue/queue-driver.ts, one at a time, each timed from add() to its result read back.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from '../support/kasa-server.mjs';

// The backend's own BullMQ: the version the server runs, not one of the benchmarks'.
const { createPostgresBackend, Queue, QueueEvents, withBackend } = createRequire(
  join(repoRoot, 'backend/package.json'),
)('bullmq');

const SYSTEM_QUEUE = 'system';
const PING_JOB = 'system.ping';

/** The connection options QueueService uses for `prefix` on Redis or on PostgreSQL. */
function driver({ redisUrl, databaseUrl, prefix }) {
  if (redisUrl) {
    return {
      Queue,
      QueueEvents,
      options: { connection: { url: redisUrl, maxRetriesPerRequest: null }, prefix },
    };
  }
  const postgres = withBackend(createPostgresBackend);
  return {
    Queue: postgres.Queue,
    QueueEvents: postgres.QueueEvents,
    options: {
      connection: { connectionString: databaseUrl, schema: `${prefix}_queue`, migrate: true, max: 2 },
    },
  };
}

/**
 * @returns {Promise<{ roundTrip: number[], pickup: number[], missedEvents: number }>} per job, ms:
 *   add() called → result read back, and the job's own timestamps: added → a worker started it.
 */
export async function measurePings({ redisUrl, databaseUrl, prefix, jobs, warmup = 20 }) {
  const { Queue: QueueClass, QueueEvents: EventsClass, options } = driver({ redisUrl, databaseUrl, prefix });
  const queue = new QueueClass(SYSTEM_QUEUE, options);
  const events = new EventsClass(SYSTEM_QUEUE, options);
  await events.waitUntilReady();
  const roundTrip = [];
  const pickup = [];
  let missedEvents = 0;
  try {
    for (let i = 0; i < warmup + jobs; i += 1) {
      const started = performance.now();
      const job = await queue.add(PING_JOB, { sentAt: Date.now() }, { attempts: 1 });
      let result = await job.waitUntilFinished(events, 5_000).catch(() => undefined);
      if (!result?.pong) {
        // The PostgreSQL backend can miss a finish notification (QueueService polls for that too).
        if (i >= warmup) missedEvents += 1;
        result = (await queue.getJob(job.id))?.returnvalue;
        if (!result?.pong) throw new Error(`ping job ${job.id} had no result`);
      }
      const elapsed = performance.now() - started;
      const finished = await queue.getJob(job.id);
      await finished?.remove().catch(() => undefined);
      if (i < warmup) continue;
      roundTrip.push(elapsed);
      if (finished?.processedOn) pickup.push(finished.processedOn - finished.timestamp);
    }
  } finally {
    await events.close();
    await queue.close();
  }
  return { roundTrip, pickup, missedEvents };
}
