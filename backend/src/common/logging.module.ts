import { Module, type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino, { type Logger } from 'pino';
import type { AppConfig } from '../config';
import { REQUEST_LOG_OPTIONS } from './request-logging';

/** The process's pino logger (app.factory.ts logs each API call through it: request-logging.ts). */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

function createRootLogger(config: AppConfig): Logger {
  const pretty = config.nodeEnv === 'development' && process.stdout.isTTY;
  return pino({
    level: config.logLevel,
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { singleLine: true, colorize: true } } }
      : {}),
    ...REQUEST_LOG_OPTIONS,
  });
}

/**
 * Structured JSON logs (pino); pretty in a development terminal. Nest's logger writes through the
 * same pino instance. No per-request child logger or async context: building one serialised
 * every request even when the level dropped its line.
 */
@Module({})
export class LoggingModule {
  static forRoot(config: AppConfig): DynamicModule {
    const root = createRootLogger(config);
    return {
      module: LoggingModule,
      imports: [LoggerModule.forRoot({ pinoHttp: { logger: root }, useExisting: true, forRoutes: [] })],
      providers: [{ provide: ROOT_LOGGER, useValue: root }],
      exports: [ROOT_LOGGER],
    };
  }
}
