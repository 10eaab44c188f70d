import { readFileSync } from 'node:fs';
import type { INestApplication } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { OpenAPIObject } from '@nestjs/swagger';
import request from 'supertest';
import { JwtAuthGuard } from '../src/auth';
import { createOpenApiDocument, OPENAPI_JSON_PATH, serializeOpenApiDocument } from '../src/docs';
import { createTestApp, type TestApp } from './support/test-app';

interface RouteLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
}

/** `METHOD /path/{param}` of every route the Express app answers, Swagger UI's own aside. */
function registeredRoutes(app: INestApplication): string[] {
  const express = app.getHttpAdapter().getInstance() as { router: { stack: RouteLayer[] } };
  return express.router.stack
    .filter((layer) => layer.route && typeof layer.route.path === 'string')
    .flatMap(({ route }) =>
      Object.keys(route!.methods)
        .filter((method) => method !== '_all')
        .map((method) => `${method.toUpperCase()} ${(route!.path as string).replace(/:(\w+)/g, '{$1}')}`),
    )
    .filter((route) => !/ \/api\/docs(\/|$)/.test(route));
}

function documentedRoutes(document: OpenAPIObject): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** The first line where two texts differ, to say where the committed document is stale. */
function firstDifference(committed: string, generated: string): string {
  const [a, b] = [committed.split('\n'), generated.split('\n')];
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(a[at] ?? '(end)')}, code ${JSON.stringify(b[at] ?? '(end)')}`;
}

type ControllerClass = new (...args: never[]) => unknown;

/** operationId (Controller_method) → whether the route sits behind JwtAuthGuard. */
function guardedOperations(app: INestApplication): Map<string, boolean> {
  const container = (
    app as unknown as {
      container: { getModules(): Map<string, { controllers: Map<unknown, { metatype: ControllerClass }> }> };
    }
  ).container;
  const guarded = new Map<string, boolean>();
  for (const module of container.getModules().values()) {
    for (const { metatype } of module.controllers.values()) {
      const classGuards: unknown[] = Reflect.getMetadata(GUARDS_METADATA, metatype) ?? [];
      for (const name of Object.getOwnPropertyNames(metatype.prototype)) {
        const handler = (metatype.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler) === undefined)
          continue;
        if (Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        const guards = [
          ...classGuards,
          ...((Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[]) ?? []),
        ];
        guarded.set(`${metatype.name.replace(/Controller$/, '')}_${name}`, guards.includes(JwtAuthGuard));
      }
    }
  }
  return guarded;
}

describe('the OpenAPI document (docs/openapi.json)', () => {
  let ctx: TestApp;
  let document: OpenAPIObject;
  beforeAll(async () => {
    ctx = await createTestApp('openapi');
    document = createOpenApiDocument(ctx.app);
  });
  afterAll(() => ctx.close());

  it('is the committed docs/openapi.json (else run `npm run docs:openapi`)', () => {
    const committed = readFileSync(OPENAPI_JSON_PATH, 'utf8');
    const generated = serializeOpenApiDocument(document);
    if (committed !== generated)
      throw new Error(
        `docs/openapi.json does not describe the API the code serves (${firstDifference(committed, generated)}). ` +
          'Run `npm run docs:openapi` and commit docs/openapi.json.',
      );
  });

  it('lists every route the application answers, and no other', () => {
    const registered = registeredRoutes(ctx.app);
    expect(registered.length).toBeGreaterThan(20);
    expect(documentedRoutes(document).sort()).toEqual([...new Set(registered)].sort());
  });

  it('asks for the bearer token exactly on the routes behind JwtAuthGuard', () => {
    const operations = Object.values(document.paths).flatMap(
      (path) => Object.values(path) as Array<{ operationId: string; security?: unknown[] }>,
    );
    const guarded = guardedOperations(ctx.app);
    expect(operations.map((operation) => operation.operationId).sort()).toEqual([...guarded.keys()].sort());
    for (const operation of operations) {
      const asksForToken = (operation.security ?? []).some((entry) =>
        Object.keys(entry as object).includes('bearer'),
      );
      expect({ operation: operation.operationId, asksForToken }).toEqual({
        operation: operation.operationId,
        asksForToken: guarded.get(operation.operationId),
      });
    }
  });

  it('documents a 401 on signed-in routes and the usage-limit 429 on POST /api/chat', () => {
    const signedIn = Object.values(document.paths).flatMap((path) =>
      (Object.values(path) as Array<{ security?: unknown[]; responses: Record<string, unknown> }>).filter(
        (operation) => operation.security?.length,
      ),
    );
    for (const operation of signedIn) expect(Object.keys(operation.responses)).toContain('401');
    // The usage-limit body, or the common one when the user has too many streams open at once.
    expect(document.paths['/api/chat'].post?.responses['429']).toMatchObject({
      content: {
        'application/json': {
          schema: {
            oneOf: [
              { $ref: '#/components/schemas/UsageLimitErrorBody' },
              { $ref: '#/components/schemas/ApiErrorBody' },
            ],
          },
        },
      },
    });
  });

  it('serves Swagger UI at /api/docs and the document at /api/docs/openapi.json outside production', async () => {
    const server = ctx.app.getHttpServer();
    const page = await request(server).get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('swagger-ui-bundle.js');
    // The page runs under the API's strict CSP (scripts from 'self' only): no inline script.
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'[^;]*;/);
    expect(page.text.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toBeNull();
    await request(server).get('/api/docs/swagger-ui-bundle.js').expect(200);
    await request(server).get('/api/docs/swagger-ui-init.js').expect(200);
    const served = await request(server).get('/api/docs/openapi.json').expect(200);
    expect(served.body).toEqual(JSON.parse(serializeOpenApiDocument(document)));
  });
});

describe('the API docs in production', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp('openapi_production', { config: { nodeEnv: 'production' } });
  });
  afterAll(() => ctx.close());

  it.each(['/api/docs', '/api/docs/openapi.json', '/api/docs/swagger-ui-bundle.js'])(
    '%s is not served',
    async (path) => {
      const response = await request(ctx.app.getHttpServer()).get(path).expect(404);
      expect(response.body).toMatchObject({ code: 'NOT_FOUND' });
    },
  );
});
