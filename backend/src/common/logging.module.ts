import { Module, type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino, { type Logger } from 'pino';
import type { AppConfig } from '../config';
import { chooseLogFormat, prettyLogStream } from './log-format';
import { REQUEST_LOG_OPTIONS } from './request-logging';

/** The process's pino logger (app.factory.ts logs each API call through it: request-logging.ts). */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/** JSON lines on stdout, or pretty ones (log-format.ts); a silent logger (tests) skips pino-pretty. */
export function createRootLogger(
  config: AppConfig,
  stdoutIsTerminal = Boolean(process.stdout.isTTY),
): Logger {
  const options = { level: config.logLevel, ...REQUEST_LOG_OPTIONS };
  if (config.logLevel === 'silent' || chooseLogFormat(config, stdoutIsTerminal) === 'json')
    return pino(options);
  return pino(options, prettyLogStream());
}

/**
 * pino logs: JSON lines, or pretty ones for a person at a terminal (LOG_FORMAT, log-format.ts).
 * Nest's logger writes through the same pino instance. No per-request child logger or async
 * context: building one serialised every request even when the level dropped its line.
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
