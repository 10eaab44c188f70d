import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, type Clock } from '../../../common';
import { APP_CONFIG, type AppConfig } from '../../../config';
import { FILE_STORAGE, type FileStorage } from '../../../files';
import { QueueService } from '../../../queue';
import { queueOfJob } from '../../../queue/job-map';
import { OnJob } from '../../../queue/on-job.decorator';
import { EXPORT_FAILED_MESSAGE } from '../account-export.errors';
import { AccountExportsRepository } from '../account-exports.repository';
import { AccountExportBuilder } from './account-export.builder';
import {
  ACCOUNT_EXPORT_JOB,
  type AccountExportJob,
  type AccountExportResult,
  accountExportJobId,
} from './account-export.job-types';

/**
 * Builds one export's ZIP. The row goes queued → running (each try starts again from 0 %) →
 * completed in one UPDATE once the ZIP is whole in storage, so a crash mid-job never shows half
 * a ZIP. An export that is gone (its user deleted) or no longer in progress ends quietly. A
 * failure is retried by the queue; the last try marks the export failed.
 */
@Injectable()
export class AccountExportJobHandler {
  private readonly logger = new Logger(AccountExportJobHandler.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly exports: AccountExportsRepository,
    private readonly builder: AccountExportBuilder,
    private readonly queues: QueueService,
  ) {}

  @OnJob({ name: 'account.export', concurrency: 2 })
  async run({ exportId }: AccountExportJob): Promise<AccountExportResult> {
    const started = await this.exports.start(exportId, this.clock.now());
    if (!started) return { status: 'skipped' };
    try {
      const built = await this.builder.build({
        userId: started.userId,
        cookieSessionId: started.cookieSessionId,
        now: this.clock.now(),
        onProgress: (percent) => this.exports.setProgress(exportId, percent),
      });
      if (!built) return { status: 'skipped' };
      const completedAt = this.clock.now();
      const completed = await this.exports.complete(exportId, {
        ...built,
        completedAt,
        expiresAt: new Date(completedAt.getTime() + this.config.account.exportTtlSeconds * 1000),
      });
      if (!completed) {
        // The user was deleted, or the export given up as stale, while the ZIP was written.
        await this.storage.delete(built.storageKey);
        return { status: 'skipped' };
      }
      return { status: 'completed' };
    } catch (error) {
      this.logger.error(`Export ${exportId}: ${error instanceof Error ? error.message : String(error)}`);
      if (await this.isLastAttempt(exportId))
        await this.exports
          .failActive(exportId, 'ACCOUNT_EXPORT_FAILED', EXPORT_FAILED_MESSAGE)
          .catch(() => undefined);
      throw error;
    }
  }

  /** This try is the job's last: BullMQ counts attemptsMade when a try fails, so before this one. */
  private async isLastAttempt(exportId: string): Promise<boolean> {
    try {
      const job = await this.queues
        .queue(queueOfJob(ACCOUNT_EXPORT_JOB))
        .getJob(accountExportJobId(exportId));
      return !job || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    } catch {
      return false;
    }
  }
}
