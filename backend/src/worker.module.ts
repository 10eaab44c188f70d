import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { AccountExportJobsModule } from './account/export/jobs/account-export-jobs.module';
import { LoggingModule } from './common';
import { type AppConfig, ConfigModule } from './config';
import { DatabaseModule } from './database/database.module';
import { ResearchJobsModule } from './enhancements/research/jobs/research-jobs.module';
import { UploadJobsModule } from './enhancements/uploads/jobs/upload-jobs.module';
import { PopulationJobsModule } from './language-tool/population/jobs/population-jobs.module';
import { NotificationJobsModule } from './notifications/jobs/notification-jobs.module';
import { MediaJobsModule } from './media/jobs/media-jobs.module';
import { QueueModule } from './queue';
import { SystemJobsModule } from './queue/system/jobs/system-jobs.module';
import { VoiceJobsModule } from './voice/jobs/voice-jobs.module';
import { TempFilesModule } from './temp-files';
import { JobUsageLedgerModule } from './usage/job-usage-ledger.module';
import { WorkerThreadsModule } from './worker-threads';

/**
 * Every feature's job module (`<feature>/jobs/`): the @OnJob handlers a worker runs. The API
 * imports them too when it runs the workers itself (WORKER_MODE=inline).
 */
export const JOB_MODULES: Type[] = [
  SystemJobsModule,
  VoiceJobsModule,
  MediaJobsModule,
  UploadJobsModule,
  ResearchJobsModule,
  PopulationJobsModule,
  NotificationJobsModule,
  AccountExportJobsModule,
];

/** The worker process: the job handlers and what they need, no HTTP. */
@Module({})
export class WorkerModule {
  /** `extraJobModules`: handlers of jobs that exist only in tests. */
  static forRoot(config: AppConfig, extraJobModules: Type[] = []): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(config),
        DatabaseModule,
        WorkerThreadsModule,
        TempFilesModule,
        QueueModule.forRoot({ runWorkers: true, usageLedger: JobUsageLedgerModule }),
        ...JOB_MODULES,
        ...extraJobModules,
      ],
    };
  }
}
