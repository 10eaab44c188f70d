import { type DynamicModule, Global, Module, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '../config';
import { JobDiscovery } from './job-discovery';
import { createQueueDriver } from './queue-driver';
import { QueueService } from './queue.service';
import { QUEUE_DRIVER, RUN_WORKERS } from './queue.tokens';
import { WorkerService } from './worker.service';

/**
 * BullMQ on Redis or on PostgreSQL (see queue-driver.ts). `runWorkers` decides whether this
 * process also consumes jobs: the @OnJob handlers of the job modules it imports (see
 * worker.module.ts). Jobs' usage is settled and refunded through the JobUsageLedger port
 * (job-usage.port.ts): `usageLedger` is a module that exports JOB_USAGE_LEDGER (the composition
 * roots give usage/job-usage-ledger.module.ts), so the queue knows nothing of usage.
 */
@Global()
@Module({})
export class QueueModule {
  static forRoot(options: { runWorkers: boolean; usageLedger: Type | DynamicModule }): DynamicModule {
    return {
      module: QueueModule,
      imports: [DiscoveryModule, options.usageLedger],
      providers: [
        {
          provide: QUEUE_DRIVER,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => createQueueDriver(config),
        },
        { provide: RUN_WORKERS, useValue: options.runWorkers },
        JobDiscovery,
        QueueService,
        WorkerService,
      ],
      exports: [QueueService, WorkerService],
    };
  }
}
