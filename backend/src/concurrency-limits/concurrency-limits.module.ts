import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config';
import { ConcurrencyLimitInterceptor } from './concurrency-limit.interceptor';
import { ConcurrencyLimiter } from './concurrency-limiter';
import { LEASE_STORE, type LeaseStore } from './lease-store';
import { PostgresLeaseStore } from './postgres-lease-store';
import { RedisLeaseStore } from './redis-lease-store';

/**
 * Per-user concurrency caps for the API (docs/operations.md#per-user-concurrency): routes declare
 * @HeavyRequest(kind) or @EventStream(); the global interceptor takes and gives back the slots,
 * counted in Redis when REDIS_URL is set, else in the app's PostgreSQL.
 */
@Global()
@Module({
  providers: [
    {
      provide: LEASE_STORE,
      inject: [APP_CONFIG, DataSource],
      useFactory: (config: AppConfig, db: DataSource): LeaseStore =>
        config.redisUrl
          ? new RedisLeaseStore(config.redisUrl, config.queuePrefix)
          : new PostgresLeaseStore(db),
    },
    ConcurrencyLimiter,
    { provide: APP_INTERCEPTOR, useClass: ConcurrencyLimitInterceptor },
  ],
  exports: [ConcurrencyLimiter],
})
export class ConcurrencyLimitsModule {}
