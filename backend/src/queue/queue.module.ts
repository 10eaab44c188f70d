import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config';
import { createQueueDriver } from './queue-driver';
import { QUEUE_PROCESSORS } from './queue-processor';
import { QueueService } from './queue.service';
import { QUEUE_DRIVER, RUN_WORKERS } from './queue.tokens';
import { SystemProcessor } from './system/system.processor';
import { WorkerService } from './worker.service';

/**
 * BullMQ on Redis or on PostgreSQL (see queue-driver.ts). `runWorkers` decides whether this
 * process also consumes jobs. Feature modules add processors to the QUEUE_PROCESSORS list here.
 */
@Global()
@Module({})
export class QueueModule {
  static forRoot(options: { runWorkers: boolean }): DynamicModule {
    return {
      module: QueueModule,
      providers: [
        {
          provide: QUEUE_DRIVER,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => createQueueDriver(config),
        },
        { provide: RUN_WORKERS, useValue: options.runWorkers },
        SystemProcessor,
        {
          provide: QUEUE_PROCESSORS,
          inject: [SystemProcessor],
          useFactory: (...processors: unknown[]) => processors,
        },
        QueueService,
        WorkerService,
      ],
      exports: [QueueService, WorkerService],
    };
  }
}
