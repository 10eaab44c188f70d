import request from 'supertest';
import type { AuthResponse, WebSearchResponse } from '@kasa/contracts';
import { CONVERSATION_ID_INVALID } from '../src/common';
import { QUERY_REQUIRED, QUERY_TOO_LONG } from '../src/enhancements/search/dto/web-search.dto';
import { sql } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import {
  type FakeSearchResult,
  type FakeSearchServer,
  startFakeBrave,
  startFakeGoogle,
  startFakeSearxng,
} from './support/fake-search-servers';
import { createTestApp, type TestApp } from './support/test-app';
import { setClock, usedIn } from './support/usage-support';

/**
 * POST /api/enhancements/search end to end: each provider's wire format (loopback servers), the
 * failover between them in configured order, the 502 when all fail (search given back), and
 * Kasa's local index when no provider is configured; validation, ownership and the quota.
 */

const MID_MAY = '2031-05-12T09:00:00.000Z';
const MAY = '2031-05-01';

const RESULTS: FakeSearchResult[] = [
  {
    title: 'Maize &amp; beans - Farming guide',
    url: 'https://farming.example.org/maize',
    snippet: 'Plant <strong>maize</strong> at the start of the rains.',
  },
  { title: 'Maize', url: 'https://en.wikipedia.org/wiki/Maize', snippet: 'Maize is a cereal grain.' },
  // Not shown: not an http(s) link.
  { title: 'Bad link', url: 'javascript:alert(1)', snippet: 'x' },
];

async function startApp(label: string, env: Record<string, string> = {}) {
  const ctx = await createTestApp(`search_${label}`, { env, config: { rateLimits: GENEROUS_RATE_LIMITS } });
  return { ctx, restoreClock: setClock(ctx.app, MID_MAY) };
}

const search = (ctx: TestApp, who: AuthResponse, body: unknown, language?: string) => {
  const call = request(ctx.app.getHttpServer()).post('/api/enhancements/search').set(bearer(who));
  if (language) void call.set('Accept-Language', language);
  return call.send(body as object);
};
const used = (ctx: TestApp, who: AuthResponse) =>
  usedIn(ctx.databaseUrl, who.user.id, 'webSearchesPerMonth', MAY);

const EXPECTED_RESULTS = [
  {
    title: 'Maize & beans - Farming guide',
    link: 'https://farming.example.org/maize',
    displayLink: 'farming.example.org',
    snippet: 'Plant maize at the start of the rains.',
  },
  {
    title: 'Maize',
    link: 'https://en.wikipedia.org/wiki/Maize',
    displayLink: 'en.wikipedia.org',
    snippet: 'Maize is a cereal grain.',
  },
];

describe('web search with no provider configured: the local index', () => {
  let ctx: TestApp;
  let restoreClock: () => void;

  beforeAll(async () => {
    ({ ctx, restoreClock } = await startApp('local'));
  });
  afterAll(async () => {
    restoreClock?.();
    await ctx?.close();
  });

  it("finds a legal page's words with engine 'local', linked in the app, and counts one search", async () => {
    const user = await registerUser(ctx.app, { prefix: 'search' });
    const response = await search(ctx, user, { query: '  pricing  ' }).expect(200);
    const body = response.body as WebSearchResponse;
    expect(body).toMatchObject({ success: true, query: 'pricing', engine: 'local' });
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results[0]).toEqual({
      title: expect.stringMatching(/Pricing/),
      link: '/legal/pricing',
      displayLink: 'Kasa (local)',
      snippet: expect.any(String),
    });
    expect(await used(ctx, user)).toBe(1);
  });

  it('answers an empty list for words nothing holds (still one search)', async () => {
    const user = await registerUser(ctx.app, { prefix: 'search' });
    const body = (await search(ctx, user, { query: 'xylophonequartzzz' }).expect(200))
      .body as WebSearchResponse;
    expect(body).toEqual({ success: true, query: 'xylophonequartzzz', results: [], engine: 'local' });
    expect(await used(ctx, user)).toBe(1);
  });

  it.each([
    ['no query', {}, QUERY_REQUIRED],
    ['a blank query', { query: '   ' }, QUERY_REQUIRED],
    ['a query that is not text', { query: 42 }, QUERY_REQUIRED],
    ['a query of 501 characters', { query: 'x'.repeat(501) }, QUERY_TOO_LONG],
    [
      'a conversationId that is not a UUID',
      { query: 'maize', conversationId: 'not-a-uuid' },
      CONVERSATION_ID_INVALID,
    ],
  ])('refuses %s with 400 VALIDATION_FAILED and charges nothing', async (_label, body, message) => {
    const user = await registerUser(ctx.app, { prefix: 'search' });
    const response = await search(ctx, user, body).expect(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(JSON.stringify(response.body)).toContain(message);
    expect(await used(ctx, user)).toBe(0);
  });

  it('accepts a query of exactly 500 characters', async () => {
    const user = await registerUser(ctx.app, { prefix: 'search' });
    await search(ctx, user, { query: 'a'.repeat(500) }).expect(200);
  });

  it("answers 404 for another user's conversation, charging nothing; the user's own is fine", async () => {
    const owner = await registerUser(ctx.app, { prefix: 'search' });
    const other = await registerUser(ctx.app, { prefix: 'search' });
    const sent = await request(ctx.app.getHttpServer())
      .post('/api/chat')
      .set(bearer(owner))
      .send({ message: 'Hello' })
      .expect(200);
    const conversationId = /"conversationId":"([^"]+)"/.exec(sent.text)![1];
    const refused = await search(ctx, other, { query: 'pricing', conversationId }).expect(404);
    expect(refused.body).toMatchObject({ code: 'CHAT_CONVERSATION_NOT_FOUND' });
    expect(await used(ctx, other)).toBe(0);
    await search(ctx, owner, { query: 'pricing', conversationId }).expect(200);
  });

  it('answers 401 without a token', async () => {
    await request(ctx.app.getHttpServer()).post('/api/enhancements/search').send({ query: 'x' }).expect(401);
  });

  it('gives a Basic user 20 searches a month, then the usage-limit 429 (searches and research share it)', async () => {
    const user = await registerUser(ctx.app, { prefix: 'search' });
    await sql(
      ctx.databaseUrl,
      `INSERT INTO usage_counters (user_id, period, feature, used) VALUES ($1, $2::date, 'webSearchesPerMonth', 19)`,
      [user.user.id, MAY],
    );
    await search(ctx, user, { query: 'pricing' }).expect(200);
    expect(await used(ctx, user)).toBe(20);
    const refused = await search(ctx, user, { query: 'pricing' }).expect(429);
    expect(refused.body).toEqual({
      error: 'Usage limit exceeded',
      feature: 'webSearchesPerMonth',
      current: 20,
      limit: 20,
      upgradeRequired: true,
      code: 'USAGE_LIMIT_EXCEEDED',
    });
    expect(refused.headers['retry-after']).toBeDefined();
    const research = await request(ctx.app.getHttpServer())
      .post('/api/enhancements/research')
      .set(bearer(user))
      .send({ query: 'pricing' })
      .expect(429);
    expect(research.body).toMatchObject({ feature: 'webSearchesPerMonth', code: 'USAGE_LIMIT_EXCEEDED' });
    expect(await used(ctx, user)).toBe(20);
  });
});

describe.each([
  ['searxng', (server: FakeSearchServer) => ({ SEARXNG_URL: server.origin }), startFakeSearxng],
  [
    'google',
    (server: FakeSearchServer) => ({
      GOOGLE_SEARCH_API_KEY: 'google-key',
      GOOGLE_SEARCH_ENGINE_ID: 'cx-123',
      GOOGLE_SEARCH_API_URL: `${server.origin}/customsearch/v1`,
    }),
    startFakeGoogle,
  ],
  [
    'brave',
    (server: FakeSearchServer) => ({
      BRAVE_SEARCH_API_KEY: 'brave-token',
      BRAVE_SEARCH_API_URL: `${server.origin}/res/v1/web/search`,
    }),
    startFakeBrave,
  ],
] as const)('web search with %s alone', (engine, envOf, start) => {
  let ctx: TestApp;
  let restoreClock: () => void;
  let server: FakeSearchServer;

  beforeAll(async () => {
    server = await start(RESULTS);
    ({ ctx, restoreClock } = await startApp(engine, envOf(server)));
  });
  afterAll(async () => {
    restoreClock?.();
    await ctx?.close();
    await server?.close();
  });

  it('answers its results as plain text, in the user language, and counts one search', async () => {
    const user = await registerUser(ctx.app, { prefix: 'search' });
    server.requests.length = 0;
    const response = await search(ctx, user, { query: ' maize planting ' }, 'fr-FR,fr;q=0.9,en;q=0.5').expect(
      200,
    );
    expect(response.body).toEqual({
      success: true,
      query: 'maize planting',
      results: EXPECTED_RESULTS,
      engine,
    });
    expect(await used(ctx, user)).toBe(1);
    expect(server.requests).toHaveLength(1);
    const { query, headers } = server.requests[0];
    expect(query.get('q')).toBe('maize planting');
    if (engine === 'searxng') {
      expect(query.get('format')).toBe('json');
      expect(query.get('language')).toBe('fr');
    }
    if (engine === 'google') {
      expect(query.get('key')).toBe('google-key');
      expect(query.get('cx')).toBe('cx-123');
      expect(query.get('num')).toBe('10');
    }
    if (engine === 'brave') {
      expect(headers['x-subscription-token']).toBe('brave-token');
      expect(query.get('count')).toBe('10');
    }
  });

  it('answers no results as an empty list', async () => {
    const user = await registerUser(ctx.app, { prefix: 'search' });
    server.results = [];
    try {
      const body = (await search(ctx, user, { query: 'nothing' }).expect(200)).body as WebSearchResponse;
      expect(body).toEqual({ success: true, query: 'nothing', results: [], engine });
    } finally {
      server.results = RESULTS;
    }
  });

  it('answers 502 SEARCH_PROVIDERS_FAILED when it fails, never its HTML, and gives the search back', async () => {
    const user = await registerUser(ctx.app, { prefix: 'search' });
    server.behaviour = 'html';
    try {
      const response = await search(ctx, user, { query: 'maize' }).expect(502);
      expect(response.body).toMatchObject({ code: 'SEARCH_PROVIDERS_FAILED' });
      expect(response.body.message).toContain(engine);
      expect(response.text).not.toContain('nginx');
      expect(await used(ctx, user)).toBe(0);
    } finally {
      server.behaviour = 'ok';
    }
  });
});

describe('web search failover: SearXNG, then Google, then Brave', () => {
  let ctx: TestApp;
  let restoreClock: () => void;
  let searxng: FakeSearchServer;
  let google: FakeSearchServer;
  let brave: FakeSearchServer;

  beforeAll(async () => {
    searxng = await startFakeSearxng(RESULTS);
    google = await startFakeGoogle(RESULTS);
    brave = await startFakeBrave(RESULTS);
    ({ ctx, restoreClock } = await startApp('failover', {
      SEARXNG_URL: searxng.origin,
      GOOGLE_SEARCH_API_KEY: 'google-key',
      GOOGLE_SEARCH_ENGINE_ID: 'cx-123',
      GOOGLE_SEARCH_API_URL: `${google.origin}/customsearch/v1`,
      BRAVE_SEARCH_API_KEY: 'brave-token',
      BRAVE_SEARCH_API_URL: `${brave.origin}/res/v1/web/search`,
      SEARCH_TIMEOUT_MS: '500',
    }));
  });
  afterAll(async () => {
    restoreClock?.();
    await ctx?.close();
    await Promise.all([searxng?.close(), google?.close(), brave?.close()]);
  });
  beforeEach(() => {
    for (const server of [searxng, google, brave]) {
      server.requests.length = 0;
      server.behaviour = 'ok';
    }
  });

  it('asks only the first provider when it answers', async () => {
    const user = await registerUser(ctx.app, { prefix: 'search' });
    const body = (await search(ctx, user, { query: 'maize' }).expect(200)).body as WebSearchResponse;
    expect(body.engine).toBe('searxng');
    expect([searxng.requests.length, google.requests.length, brave.requests.length]).toEqual([1, 0, 0]);
  });

  it('moves on to Google when SearXNG answers 500', async () => {
    const user = await registerUser(ctx.app, { prefix: 'search' });
    searxng.behaviour = { status: 500 };
    const body = (await search(ctx, user, { query: 'maize' }).expect(200)).body as WebSearchResponse;
    expect(body).toEqual({ success: true, query: 'maize', results: EXPECTED_RESULTS, engine: 'google' });
    expect([searxng.requests.length, google.requests.length, brave.requests.length]).toEqual([1, 1, 0]);
    expect(searxng.requests[0].at).toBeLessThanOrEqual(google.requests[0].at);
    expect(await used(ctx, user)).toBe(1);
  });

  it('moves on when SearXNG times out and Google answers its error body (quota), to Brave', async () => {
    const user = await registerUser(ctx.app, { prefix: 'search' });
    searxng.behaviour = 'hang';
    google.behaviour = { status: 429, message: 'Quota exceeded for quota metric Queries per day' };
    const started = Date.now();
    const body = (await search(ctx, user, { query: 'maize' }).expect(200)).body as WebSearchResponse;
    expect(body.engine).toBe('brave');
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(searxng.requests[0].at).toBeLessThanOrEqual(google.requests[0].at);
    expect(google.requests[0].at).toBeLessThanOrEqual(brave.requests[0].at);
    expect(await used(ctx, user)).toBe(1);
  });

  it('answers 502 SEARCH_PROVIDERS_FAILED naming each failure when all fail, and refunds the search', async () => {
    const user = await registerUser(ctx.app, { prefix: 'search' });
    searxng.behaviour = 'hang';
    google.behaviour = { status: 500 };
    brave.behaviour = 'html';
    const response = await search(ctx, user, { query: 'maize' }).expect(502);
    expect(response.body).toMatchObject({ code: 'SEARCH_PROVIDERS_FAILED' });
    expect(response.body.message).toMatch(
      /searxng \(timeout\).*google \(status\).*brave \((status|invalid)\)/,
    );
    expect([searxng.requests.length, google.requests.length, brave.requests.length]).toEqual([1, 1, 1]);
    expect(await used(ctx, user)).toBe(0);
  });

  it("Google's 400 error body (a key it refuses) is a failure like any other", async () => {
    const user = await registerUser(ctx.app, { prefix: 'search' });
    searxng.behaviour = { status: 503 };
    google.behaviour = { status: 400, message: 'API key not valid. Please pass a valid API key.' };
    const body = (await search(ctx, user, { query: 'maize' }).expect(200)).body as WebSearchResponse;
    expect(body.engine).toBe('brave');
  });
});
