import { type INestApplication, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import {
  ApiExceptionFilter,
  assignRequestId,
  createValidationPipe,
  requestLogging,
  ROOT_LOGGER,
  useBodyParsing,
  useSecurityHeaders,
} from './common';
import type { AppConfig } from './config';
import { useStaticFrontends } from './web';

/**
 * Builds the API application (not yet listening) with everything main.ts and the integration
 * tests share: headers, body limits, validation, the error shape, static frontends.
 * `config.databaseUrl` must be set (the embedded database is started by the caller).
 */
export async function createApp(config: AppConfig): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  app.use(assignRequestId);
  app.use(requestLogging(app.get(ROOT_LOGGER)));
  useSecurityHeaders(app, config);
  useStaticFrontends(app, config);
  useBodyParsing(app, config.bodyLimit);
  app.setGlobalPrefix('api', {
    exclude: [{ path: 'runtime-config.json', method: RequestMethod.GET }],
  });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter());
  return app;
}
