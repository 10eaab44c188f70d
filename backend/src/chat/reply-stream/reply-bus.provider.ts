import type { Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config';
import { PostgresReplyBus } from './postgres-reply-bus';
import { REPLY_BUS, type ReplyBus } from './reply-bus.port';
import { RedisReplyBus } from './redis-reply-bus';

/** REDIS_URL set: the reply bus on Redis; otherwise on the app's PostgreSQL (like the job queue). */
export const replyBusProvider: Provider = {
  provide: REPLY_BUS,
  inject: [APP_CONFIG, DataSource],
  useFactory: (config: AppConfig, dataSource: DataSource): ReplyBus => {
    if (config.redisUrl) return new RedisReplyBus(config.redisUrl, config.queuePrefix);
    if (!config.databaseUrl) throw new Error('The reply bus needs REDIS_URL or a database URL.');
    return new PostgresReplyBus(dataSource, config.databaseUrl);
  },
};
