import { Injectable } from '@nestjs/common';
import { OnJob } from '../../on-job.decorator';
import type { PingJobData, PingJobResult } from './ping.job-types';

/** Answers the health check's ping job, proving a worker is consuming the queue. */
@Injectable()
export class PingJob {
  @OnJob({ name: 'system.ping', concurrency: 4 })
  async ping(payload: PingJobData): Promise<PingJobResult> {
    return { pong: true, sentAt: payload.sentAt, processedBy: process.pid };
  }
}
