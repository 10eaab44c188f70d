import { type DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '../config';
import { UsageRepository } from '../usage/usage.repository';
import { JobDiscovery } from './job-discovery';
import { createQueueDriver } from './queue-driver';
import { QueueService } from './queue.service';
import { QUEUE_DRIVER, RUN_WORKERS } from './queue.tokens';
import { WorkerService } from './worker.service';

/**
 * BullMQ on Redis or on PostgreSQL (see queue-driver.ts). `runWorkers` decides whether this
 * process also consumes jobs: the @OnJob handlers of the job modules it imports (see
 * worker.module.ts). A worker refunds a failed job's usage straight through UsageRepository (the
 * worker process has no UsageModule: it would bring authentication and mail with it).
 */
@Global()
@Module({})
export class QueueModule {
  static forRoot(options: { runWorkers: boolean }): DynamicModule {
    return {
      module: QueueModule,
      imports: [DiscoveryModule],
      providers: [
        {
          provide: QUEUE_DRIVER,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => createQueueDriver(config),
        },
        { provide: RUN_WORKERS, useValue: options.runWorkers },
        JobDiscovery,
        UsageRepository,
        QueueService,
        WorkerService,
      ],
      exports: [QueueService, WorkerService],
    };
  }
}
