import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig, REPO_ROOT } from '../config';

/** The committed document: `npm run docs:openapi` writes it, test/openapi.spec.ts keeps it current. */
export const OPENAPI_JSON_PATH = join(REPO_ROOT, 'docs', 'openapi.json');

const DESCRIPTION = [
  "Kasa's HTTP API. Every route is under /api except GET /runtime-config.json.",
  '',
  'Signed-in routes take `Authorization: Bearer <token>` (the token of /api/auth/register or /login).',
  'Every failure answers the ApiErrorBody JSON with a stable `code` (libs/contracts ERROR_CODES),',
  'except the usage-limit 429 of metered routes (UsageLimitErrorBody) and the refusals of',
  'create-mobile-money-payment (`{success: false, message, code}`).',
  'See docs/architecture.md in the repository.',
].join('\n');

const TAGS: Array<[name: string, description: string]> = [
  ['auth', 'Accounts, sign-in, profile and password reset'],
  ['chat', 'Conversations and the streamed assistant reply'],
  ['subscription', "Plans, the user's usage and the card subscription"],
  ['payments', 'Mobile money and the sandbox checkout (no money moves)'],
  ['webhooks', 'Called by the payment providers, verified by signature'],
  ['legal', 'Legal pages and cookie preferences (public)'],
  ['health', 'Liveness of the database and the job queue'],
  ['web', 'What the web app reads before it starts'],
  ['development', 'Outside production only'],
];

/**
 * The OpenAPI document of the application's routes, built from the controllers and the DTOs'
 * decorators (app.factory.ts must have set the global prefix). Keys are sorted so the committed
 * JSON changes only when the API does; schema properties keep their declaration order.
 */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const { version } = app.get<AppConfig>(APP_CONFIG);
  const builder = new DocumentBuilder()
    .setTitle('Kasa API')
    .setDescription(DESCRIPTION)
    .setVersion(version)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  for (const [name, description] of TAGS) builder.addTag(name, description);
  const document = SwaggerModule.createDocument(app, builder.build(), {
    autoTagControllers: false,
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  return sortKeys(document) as OpenAPIObject;
}

/** The document as committed in docs/openapi.json: pretty-printed, ending with a newline. */
export function serializeOpenApiDocument(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

function sortKeys(value: unknown, keepOrder = false): unknown {
  if (Array.isArray(value)) return value.map((item) => sortKeys(item));
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value);
  if (!keepOrder) keys.sort();
  return Object.fromEntries(
    keys.map((key) => [
      key,
      sortKeys((value as Record<string, unknown>)[key], !keepOrder && key === 'properties'),
    ]),
  );
}
