import { type DynamicModule, Module } from '@nestjs/common';
import { LoggingModule } from './common';
import { type AppConfig, ConfigModule } from './config';
import { DatabaseModule } from './database/database.module';
import { QueueModule } from './queue';

/** The worker process: the queue processors and what they need, no HTTP. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(config),
        DatabaseModule,
        QueueModule.forRoot({ runWorkers: true }),
      ],
    };
  }
}
