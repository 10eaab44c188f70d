import { type INestApplication, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { Admins } from './auth/admins';
import {
  ApiExceptionFilter,
  assignRequestId,
  createValidationPipe,
  requestLogging,
  ROOT_LOGGER,
  useBodyParsing,
  useSecurityHeaders,
} from './common';
import { useInputGuards } from './common/input-guard';
import { noStoreForCredentials } from './common/no-store';
import type { AppConfig } from './config';
import { DatabaseAvailability } from './database/database-availability';
import { useApiDocs } from './docs';
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
  // Whose X-Forwarded-For names the client (TRUST_PROXY): every per-IP rate limit keys on it.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(assignRequestId);
  app.use(noStoreForCredentials);
  app.use(requestLogging(app.get(ROOT_LOGGER)));
  useSecurityHeaders(app, config);
  useStaticFrontends(app, config);
  useBodyParsing(app, config.bodyLimit);
  useInputGuards(app);
  setApiPrefix(app);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter(app.get(DatabaseAvailability), app.get(Admins)));
  if (config.nodeEnv !== 'production') useApiDocs(app);
  return app;
}

/** Every controller under /api, except the shell's GET /runtime-config.json (write-openapi.ts too). */
export function setApiPrefix(app: INestApplication): void {
  app.setGlobalPrefix('api', {
    exclude: [{ path: 'runtime-config.json', method: RequestMethod.GET }],
  });
}
