import { request as httpRequest } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { INestApplication } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import fc from 'fast-check';
import { type AuthResponse, isErrorCode } from '@kasa/contracts';
import { listen } from './chat-support';
import { GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { type FakeGoogleServer, startFakeGoogle } from './support/fake-google-server';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Every route the running app registered, called anonymously and signed in, with hostile bodies,
 * query strings and path parameters: the answer is never a 5xx, and every 4xx is the common JSON
 * error. Routes are read from Express at run time, so a new controller route is fuzzed as soon as
 * it exists. FUZZ_SEED and FUZZ_RUNS (per route and caller) replay or widen a run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_518);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

/** Pages a browser opens (the sandbox checkout, Google's redirect back): their errors are pages too. */
const BROWSER_PAGES = /^\/api\/(billing\/sandbox\/checkout\/|enhancements\/google-drive\/callback)/;

interface Route {
  method: string;
  path: string;
}

/** The routes Express dispatches to, as registered (e.g. '/api/chat/conversations/:id'). */
function registeredRoutes(app: INestApplication): Route[] {
  const express = app.getHttpAdapter().getInstance() as {
    router: { stack: Array<{ route?: { path: string | string[]; methods: Record<string, boolean> } }> };
  };
  const routes: Route[] = [];
  for (const { route } of express.router.stack) {
    if (!route) continue;
    // `_all` is app.all() / @All(): any method reaches it.
    const methods = route.methods._all
      ? ['get', 'post', 'put', 'patch', 'delete']
      : Object.keys(route.methods);
    for (const path of ([] as string[]).concat(route.path))
      for (const method of methods) routes.push({ method: method.toUpperCase(), path });
  }
  return routes;
}

/** Field names the DTOs declare (so values reach the rules and the services behind them). */
function dtoFieldNames(): string[] {
  const storage = getMetadataStorage() as unknown as {
    validationMetadatas?: Map<unknown, Array<{ propertyName: string }>>;
  };
  const names = new Set(['id', 'data', 'event', 'status', 'amount', 'tx_ref']);
  for (const list of storage.validationMetadatas?.values() ?? [])
    for (const { propertyName } of list)
      // Environment variables (UPPER_CASE) are validated too, but no request carries them.
      if (!/^[A-Z0-9_]+$/.test(propertyName)) names.add(propertyName);
  return [...names];
}

// ---------- what a hostile client sends ----------

const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\ud83d',
  '\udfff\ud800',
  '🌽👩🏾‍🌾',
  'İ',
  'ß',
  '玉米',
  'é',
  '%00',
  '%ZZ',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '${7*7}',
  'null',
  'undefined',
  'NaN',
  '1e309',
  '-1',
  '0',
  '9'.repeat(40),
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'MTN',
  'session',
  '00000000-0000-0000-0000-000000000000',
];
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

const hostileText = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.string({ maxLength: 24 }),
  fc.uuid(),
  fc.emailAddress(),
  fc.integer({ min: 250, max: 12_000 }).map((n) => 'x'.repeat(n)),
);

const hostileJson = (fieldNames: string[]) => {
  const key = fc.oneof(
    fc.constantFrom(...fieldNames),
    fc.constantFrom(...fieldNames),
    fc.constantFrom(...PROTOTYPE_KEYS, '', '\u0000', '\ud800', 'a.b', '0'),
    fc.string({ maxLength: 12 }),
  );
  const { value } = fc.letrec<{ value: unknown; array: unknown[]; object: Record<string, unknown> }>(
    (tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        hostileText,
        fc.integer(),
        fc.double(),
        fc.constantFrom(true, false, null, 0, -1, Number.MAX_SAFE_INTEGER + 2),
        tie('array'),
        tie('object'),
      ),
      array: fc.array(tie('value'), { maxLength: 4 }),
      object: fc.dictionary(key, tie('value'), { maxKeys: 6 }),
    }),
  );
  // Mostly objects keyed like the DTOs, sometimes anything at all.
  return fc.oneof(
    fc.dictionary(key, value, { maxKeys: 6 }),
    fc.dictionary(key, value, { maxKeys: 3 }),
    value,
  );
};

type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'deep'; field: string; depth: number; container: 'array' | 'object' }
  | { kind: 'many-keys'; field: string; count: number }
  | { kind: 'text'; contentType: string; text: string }
  | { kind: 'compressed'; encoding: string; corrupt: boolean; value: unknown };

const bodySpec = (fieldNames: string[]): fc.Arbitrary<BodySpec> => {
  const field = fc.constantFrom(...fieldNames);
  const json = hostileJson(fieldNames);
  return fc.oneof(
    fc.constant({ kind: 'none' as const }),
    json.map((value) => ({ kind: 'json' as const, value })),
    json.map((value) => ({ kind: 'json' as const, value })),
    fc.record({
      kind: fc.constant('deep' as const),
      field,
      depth: fc.oneof(fc.integer({ min: 20, max: 40 }), fc.integer({ min: 1_000, max: 200_000 })),
      container: fc.constantFrom('array' as const, 'object' as const),
    }),
    fc.record({
      kind: fc.constant('many-keys' as const),
      field,
      count: fc.integer({ min: 900, max: 60_000 }),
    }),
    fc.record({
      kind: fc.constant('text' as const),
      contentType: fc.constantFrom(
        'application/json',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'application/json; charset=utf-7',
        'application/x-www-form-urlencoded',
        'text/plain',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json; charset',
        '',
      ),
      text: fc.oneof(
        fc.constantFrom(
          '{',
          '{"a":',
          '[1,]',
          'nul',
          '"text"',
          '42',
          '\u0000',
          '{"a":"\\ud800"}',
          '{"a":"\\u0000"}',
        ),
        fc.constantFrom(
          'username=%00&password=x',
          'a=1&a=2&__proto__=x&constructor=y',
          '%ZZ=%C0%80',
          'message=%00',
        ),
        fc.string({ unit: 'binary', maxLength: 60 }),
      ),
    }),
    fc.record({
      kind: fc.constant('compressed' as const),
      encoding: fc.constantFrom(
        'gzip',
        'deflate',
        'br',
        'x-gzip',
        'compress',
        'zstd',
        'gzip, br',
        'identity',
      ),
      corrupt: fc.boolean(),
      value: json,
    }),
  );
};

/** Path parameter values, already in URL form (a raw NUL or space would not even leave the client). */
const pathValue = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%ZZ',
    '%',
    '%C0%80',
    '%ED%A0%80',
    '%E0%A4%A',
    '%FF%FE',
    '%2F',
    '%2e%2e',
    '..',
    '.',
  ),
  fc.constantFrom(
    '0',
    '-1',
    '1e9',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    'x'.repeat(32),
    'A'.repeat(3_000),
  ),
  fc.uuid(),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map(encodeURIComponent),
  fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
);

const queryPart = fc.oneof(
  fc.constantFrom(
    '%00',
    '%ZZ',
    '%C0%80',
    '%ED%A0%80',
    '',
    '__proto__',
    'constructor',
    'q',
    'to',
    'type',
    'session',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent),
  fc.integer({ min: 250, max: 600 }).map((n) => 'q'.repeat(n)),
);
const queryString = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(queryPart, queryPart), { minLength: 1, maxLength: 6 })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
  // Up to ~10 KB: the URL and headers must stay under Node's 16 KB limit to reach the app at all.
  fc
    .integer({ min: 500, max: 1_200 })
    .map((n) => Array.from({ length: n }, (_, i) => `k${i}=${i % 7 ? 'v' : '%00'}`).join('&')),
  fc.constantFrom('q', 'q=&q=&q=', 'q[a]=1&q[b][c]=2', '=x', '&&&', 'q=%E0%A4%A'),
);

/** What an anonymous caller puts in Authorization: nothing, or a token that is not one. */
const forgedAuthorization = fc.constantFrom(
  undefined,
  undefined,
  'Bearer',
  'Bearer ',
  'Bearer x.y.z',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
  'Basic YW1hOnNlY3JldDEyMw==',
  `Bearer ${'a'.repeat(4_000)}`,
);

// ---------- turning a spec into bytes ----------

function nested(depth: number, container: 'array' | 'object'): string {
  return container === 'array'
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

const COMPRESS: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: gzipSync,
  'x-gzip': gzipSync,
  deflate: deflateSync,
  br: brotliCompressSync,
};

function encodeBody(spec: BodySpec): { headers: Record<string, string>; bytes?: Buffer } {
  const json = { 'Content-Type': 'application/json' };
  switch (spec.kind) {
    case 'none':
      return { headers: {} };
    case 'json':
      return { headers: json, bytes: Buffer.from(JSON.stringify(spec.value) ?? 'null') };
    case 'deep':
      return {
        headers: json,
        bytes: Buffer.from(`{${JSON.stringify(spec.field)}:${nested(spec.depth, spec.container)}}`),
      };
    case 'many-keys': {
      const keys = Array.from({ length: spec.count }, (_, i) => `"${spec.field}${i}":${i}`).join(',');
      return { headers: json, bytes: Buffer.from(`{${keys}}`) };
    }
    case 'text':
      return {
        headers: spec.contentType ? { 'Content-Type': spec.contentType } : {},
        bytes: Buffer.from(spec.text),
      };
    case 'compressed': {
      const plain = Buffer.from(JSON.stringify(spec.value) ?? 'null');
      const compress = COMPRESS[spec.encoding];
      const bytes =
        spec.corrupt || !compress ? Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 0]), plain]) : compress(plain);
      return { headers: { ...json, 'Content-Encoding': spec.encoding }, bytes };
    }
  }
}

// ---------- the checks ----------

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

function send(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  bytes?: Buffer,
) {
  return new Promise<Answer>((resolve, reject) => {
    const request = httpRequest(
      `${baseUrl}${path}`,
      { method, headers: { ...headers, ...(bytes ? { 'Content-Length': String(bytes.length) } : {}) } },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentType = String(response.headers['content-type'] ?? '');
        // A success is not under test (and a chat reply would stream for a while).
        if (status < 400) {
          response.destroy();
          return resolve({ status, contentType, text: '' });
        }
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status, contentType, text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(bytes);
  });
}

/** Why this answer breaks the contract, or null. */
function contractBreach(answer: Answer, path: string): string | null {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.status < 400) return null;
  if (BROWSER_PAGES.test(path) && answer.contentType.startsWith('text/html')) return null;
  if (!answer.contentType.startsWith('application/json'))
    return `${answer.status} is ${answer.contentType || 'untyped'}, not JSON`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.text) as Record<string, unknown>;
  } catch {
    return `${answer.status} body is not JSON`;
  }
  const usageLimit =
    body.error === 'Usage limit exceeded' &&
    body.code === 'USAGE_LIMIT_EXCEEDED' &&
    typeof body.feature === 'string' &&
    typeof body.current === 'number' &&
    typeof body.limit === 'number' &&
    typeof body.upgradeRequired === 'boolean';
  const common =
    body.statusCode === answer.status &&
    typeof body.error === 'string' &&
    isErrorCode(body.code) &&
    typeof body.message === 'string' &&
    body.message.length > 0 &&
    typeof body.requestId === 'string' &&
    body.requestId.length > 0;
  return usageLimit || common ? null : `${answer.status} body is not the common error shape`;
}

/** A seed of its own per route and caller (the same cases everywhere would test less), fixed by SEED. */
function seedFor(label: string): number {
  let hash = SEED | 0;
  for (const char of label) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** The route's parameters (':id', wildcards '*rest') filled in; Express 5's optional braces dropped. */
const fillPath = (template: string, values: string[]) => {
  let i = 0;
  return template.replace(/[:*][A-Za-z_]\w*/g, () => values[i++ % values.length]).replace(/[{}]/g, '');
};

describe(`route fuzz (seed ${SEED}, ${RUNS} runs per route and caller)`, () => {
  let ctx: TestApp;
  let google: FakeGoogleServer;
  let baseUrl: string;
  let routes: Route[];
  let fieldNames: string[];

  beforeAll(async () => {
    // Google Drive configured (against a loopback Google), so its routes are fuzzed past the
    // 'not configured' 503 that enhancements-google-drive.spec checks on its own.
    google = await startFakeGoogle();
    ctx = await createTestApp('fuzz', {
      config: { rateLimits: GENEROUS_RATE_LIMITS },
      env: {
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_CLIENT_SECRET: google.clientSecret,
        GOOGLE_OAUTH_AUTH_URL: google.authUrl,
        GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
        GOOGLE_DRIVE_API_URL: google.driveApiUrl,
      },
    });
    baseUrl = await listen(ctx.app);
    routes = registeredRoutes(ctx.app);
    fieldNames = dtoFieldNames();
  });
  afterAll(async () => {
    await ctx?.close();
    await google?.close();
  });

  it('finds the routes in the running app', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    for (const expected of [
      'POST /api/auth/login',
      'POST /api/auth/login/two-factor',
      'POST /api/auth/two-factor/confirm',
      'POST /api/chat',
      'PATCH /api/chat/conversations/:id',
      'GET /api/chat/search',
      'POST /api/stripe/webhook',
      'POST /api/flutterwave/webhook',
      'GET /api/billing/sandbox/checkout/:checkoutId',
      'GET /api/legal/cookie-preferences/:sessionId',
      'GET /runtime-config.json',
      'POST /api/enhancements/upload',
      'POST /api/enhancements/search',
      'POST /api/enhancements/research',
      'POST /api/enhancements/canvas/save',
      'POST /api/enhancements/google-drive/files',
    ])
      expect(names).toContain(expected);
    expect(fieldNames).toEqual(expect.arrayContaining(['username', 'message', 'sessionId', 'phone_number']));
  });

  it('every route, anonymous and signed in: never a 5xx, every error the common JSON shape', async () => {
    const breaches: string[] = [];
    const stats = new Map<string, number>();
    const requestArbitrary = fc.record({
      params: fc.array(pathValue, { minLength: 1, maxLength: 3 }),
      query: queryString,
      body: bodySpec(fieldNames),
      forged: forgedAuthorization,
    });
    for (const route of routes) {
      // A user of its own per route: fuzzing logout, profile or password routes may end its session.
      const callers: Array<[string, AuthResponse | null]> = [
        ['anonymous', null],
        ['signed in', await registerUser(ctx.app, { prefix: 'fuzz' })],
      ];
      for (const [caller, who] of callers) {
        const result = await fc.check(
          fc.asyncProperty(requestArbitrary, async ({ params, query, body, forged }) => {
            const path = fillPath(route.path, params) + (query ? `?${query}` : '');
            const { headers, bytes } = encodeBody(body);
            const token = who ? `Bearer ${who.token}` : forged;
            const authorization: Record<string, string> = token ? { Authorization: token } : {};
            const answer = await send(baseUrl, route.method, path, { ...headers, ...authorization }, bytes);
            if (process.env.FUZZ_DEBUG)
              stats.set(
                `${route.method} ${route.path} ${answer.status}`,
                (stats.get(`${route.method} ${route.path} ${answer.status}`) ?? 0) + 1,
              );
            const breach = contractBreach(answer, path);
            if (breach) throw new Error(`${breach}: ${answer.text.slice(0, 300)}`);
          }),
          { seed: seedFor(`${route.method} ${route.path} ${caller}`), numRuns: RUNS, endOnFailure: true },
        );
        if (result.failed) {
          const example = JSON.stringify(result.counterexample?.[0], (_k, v: unknown) =>
            typeof v === 'string' && v.length > 120 ? `${v.slice(0, 120)}…(${v.length})` : v,
          );
          breaches.push(
            `${route.method} ${route.path} (${caller}), seed ${result.seed} path ${result.counterexamplePath}: ` +
              `${result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)}\n    ${example}`,
          );
        }
      }
    }
    if (process.env.FUZZ_DEBUG)
      console.log(
        [...stats]
          .sort()
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n'),
      );
    expect(breaches).toEqual([]);
  }, 300_000);
});
