import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config';
import { QueryLogger } from './query-logger';

/**
 * TypeORM on PostgreSQL. The schema is owned by migrations (run at start, in order, once);
 * feature modules register their entities with TypeOrmModule.forFeature.
 */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        if (!config.databaseUrl)
          throw new Error('No database URL: the embedded PostgreSQL must be started before the app module.');
        return {
          type: 'postgres' as const,
          url: config.databaseUrl,
          autoLoadEntities: true,
          synchronize: false,
          migrations: [join(__dirname, 'migrations', '*.{js,ts}')],
          migrationsRun: true,
          migrationsTransactionMode: 'each' as const,
          extra: { max: config.databasePoolSize, application_name: 'kasa' },
          retryAttempts: 3,
          retryDelay: 1000,
          logging: ['error' as const, 'migration' as const],
          logger: new QueryLogger(),
        };
      },
    }),
  ],
})
export class DatabaseModule {}
