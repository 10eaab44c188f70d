import type { IncomingMessage } from 'node:http';
import { Module, RequestMethod, type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../config';

/** Structured JSON request logs (pino); pretty in a development terminal. Each request gets an id. */
@Module({})
export class LoggingModule {
  static forRoot(config: AppConfig): DynamicModule {
    const pretty = config.nodeEnv === 'development' && process.stdout.isTTY;
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          pinoHttp: {
            level: config.logLevel,
            ...(pretty
              ? { transport: { target: 'pino-pretty', options: { singleLine: true, colorize: true } } }
              : {}),
            // Assigned first thing by assignRequestId (request-id.ts), so even body-parser errors carry it.
            genReqId: (request: IncomingMessage) => request.id ?? 'unknown',
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            // Static files are many and boring; API calls are what operators need to see.
            autoLogging: { ignore: (request: IncomingMessage) => !request.url?.startsWith('/api/') },
            customLogLevel: (_request, response, error) =>
              // A 4xx is the client's mistake and part of normal traffic; a 5xx is ours.
              error || response.statusCode >= 500 ? 'error' : 'info',
          },
        }),
      ],
    };
  }
}
