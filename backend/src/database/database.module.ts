import { join } from 'node:path';
import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config';
import { DatabaseAvailability, isDatabaseUnavailableError } from './database-availability';
import { QueryLogger } from './query-logger';

/** One DatabaseAvailability per app: the pool, the query logger and the error filter share it. */
@Global()
@Module({ providers: [DatabaseAvailability], exports: [DatabaseAvailability] })
export class DatabaseAvailabilityModule {}

/**
 * TypeORM on PostgreSQL. The schema is owned by migrations (run at start, in order, once);
 * feature modules register their entities with TypeOrmModule.forFeature. Connection failures go
 * to DatabaseAvailability (one warning per outage), not one log line each.
 */
@Module({
  imports: [
    DatabaseAvailabilityModule,
    TypeOrmModule.forRootAsync({
      imports: [DatabaseAvailabilityModule],
      inject: [APP_CONFIG, DatabaseAvailability],
      useFactory: (config: AppConfig, availability: DatabaseAvailability) => {
        if (!config.databaseUrl)
          throw new Error('No database URL: the embedded PostgreSQL must be started before the app module.');
        const logger = new QueryLogger(availability);
        return {
          type: 'postgres' as const,
          url: config.databaseUrl,
          autoLoadEntities: true,
          synchronize: false,
          migrations: [join(__dirname, 'migrations', '*.{js,ts}')],
          migrationsRun: true,
          migrationsTransactionMode: 'each' as const,
          extra: {
            max: config.databasePoolSize,
            application_name: 'kasa',
            connectionTimeoutMillis: config.databaseConnectTimeoutMs,
          },
          // An idle pooled connection dropped by the server (restart, network cut) is an outage
          // sign, not a warning per connection.
          poolErrorHandler: (error: unknown) => {
            if (isDatabaseUnavailableError(error)) availability.failed(error);
            else logger.log('warn', `Postgres pool raised an error. ${String(error)}`);
          },
          retryAttempts: 3,
          retryDelay: 1000,
          logging: ['error' as const, 'migration' as const],
          logger,
        };
      },
    }),
  ],
  exports: [DatabaseAvailabilityModule],
})
export class DatabaseModule {}
