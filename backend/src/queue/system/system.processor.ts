import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { QueueProcessor } from '../queue-processor';
import { PING_JOB, SYSTEM_QUEUE, type PingJobData, type PingJobResult } from './system-queue';

/** Answers the health check's ping job, proving a worker is consuming the queue. */
@Injectable()
export class SystemProcessor implements QueueProcessor<PingJobData, PingJobResult> {
  readonly queueName = SYSTEM_QUEUE;
  readonly concurrency = 4;

  async process(job: Job<PingJobData, PingJobResult>): Promise<PingJobResult> {
    if (job.name !== PING_JOB) throw new Error(`Unknown system job '${job.name}'`);
    return { pong: true, sentAt: job.data.sentAt, processedBy: process.pid };
  }
}
