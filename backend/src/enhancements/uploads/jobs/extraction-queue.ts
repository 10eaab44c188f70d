import { Injectable, Logger } from '@nestjs/common';
import { QueueService } from '../../../queue';
import { type JobName, type JobPayload, queueOfJob } from '../../../queue/job-map';
import { EXTRACTION_JOBS, type ExtractUploadJob } from './extract-upload.job-types';

const EXTRACT_ATTEMPTS = 2;
const EXTRACT_BACKOFF_MS = 2_000;

type ExtractionJobName = (typeof EXTRACTION_JOBS)[number] & JobName;

/**
 * Adds and withdraws an upload's extraction jobs. Each job's id is the upload's id, so a
 * deleted upload's waiting job is found and removed without a lookup table.
 */
@Injectable()
export class ExtractionQueue {
  private readonly logger = new Logger(ExtractionQueue.name);

  constructor(private readonly queue: QueueService) {}

  /**
   * The finished job removes itself (removeOnComplete true deletes only its own row, unlike
   * age/count retention: see QueueService.runJob); a failed one stays for inspection.
   */
  async add<Name extends ExtractionJobName>(name: Name, payload: JobPayload<Name>): Promise<void> {
    await this.queue.queue(queueOfJob(name)).add(name, payload, {
      jobId: (payload as ExtractUploadJob).uploadId,
      attempts: EXTRACT_ATTEMPTS,
      backoff: { type: 'exponential', delay: EXTRACT_BACKOFF_MS },
      removeOnComplete: true,
    });
  }

  /**
   * Removes the upload's jobs that wait in any extraction queue. A job already running cannot be
   * removed (BullMQ holds its lock): it finds the upload gone and stops (extract-upload.job.ts).
   */
  async withdraw(uploadId: string): Promise<void> {
    for (const name of EXTRACTION_JOBS)
      await this.queue
        .queue(queueOfJob(name))
        .remove(uploadId)
        .catch((error: unknown) =>
          this.logger.warn(
            `Withdrawing the ${name} job of upload ${uploadId}: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
  }
}
