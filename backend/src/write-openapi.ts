import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { setApiPrefix } from './app.factory';
import { AppModule } from './app.module';
import { loadConfig, REPO_ROOT } from './config';
import { createOpenApiDocument, OPENAPI_JSON_PATH, serializeOpenApiDocument } from './docs';

/**
 * `npm run docs:openapi`: writes docs/openapi.json from the controllers and DTOs. The application
 * is built in Nest's preview mode (modules and routes, no provider runs): no database, no Redis.
 * The configuration is fixed, not read from the environment, so every machine writes the same file.
 */
async function main(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'postgres://openapi@127.0.0.1/unused',
    JWT_SECRET: 'openapi-document-writer-no-secret-needed',
    LOG_LEVEL: 'silent',
  });
  const app = await NestFactory.create(AppModule.forRoot(config), { preview: true, logger: false });
  setApiPrefix(app);
  writeFileSync(OPENAPI_JSON_PATH, serializeOpenApiDocument(createOpenApiDocument(app)));
  await app.close();
  process.stdout.write(`Wrote ${relative(REPO_ROOT, OPENAPI_JSON_PATH)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
