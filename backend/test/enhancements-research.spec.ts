import { randomUUID } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import request from 'supertest';
import type {
  AuthResponse,
  ResearchListResponse,
  ResearchProgress,
  ResearchResponse,
  WebSearchResponse,
} from '@kasa/contracts';
import { KnowledgeSearchService } from '../src/ai/knowledge/knowledge-search.service';
import { REQUEST_ID_INVALID } from '../src/enhancements/research/dto/research.dto';
import type { AppConfig } from '../src/config';
import { publicInternetGuard } from '../src/enhancements/research/public-address';
import { fetchWebPage, WEB_PAGE_TEXT_MAX, type WebPageOptions } from '../src/enhancements/research/web-page';
import { WikipediaClient } from '../src/enhancements/research/wikipedia.client';
import { type AddressGuard, fetchText } from '../src/enhancements/search/providers/http-fetch';
import { QUERY_REQUIRED } from '../src/enhancements/search/dto/web-search.dto';
import { ThreadTaskTimeoutError, WorkerThreadsService } from '../src/worker-threads';
import { eventually, sleep } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';
import {
  type FakeSearchServer,
  type FakeWebSite,
  type FakeWikipedia,
  startFakeSearxng,
  startFakeWebSite,
  startFakeWikipedia,
} from './support/fake-search-servers';
import { createTestApp, type QueueBackend, type TestApp } from './support/test-app';
import { setClock, usedIn } from './support/usage-support';

/**
 * POST /api/enhancements/research end to end on both queue backends: the research.run job
 * searches Wikipedia (loopback REST API) and the web (a SearXNG server whose results point at a
 * loopback web site), fetches the pages, and has the chat model (fake OpenAI server) summarise
 * them; offline, the local index and an extractive summary. Saved research is listed and found
 * as local knowledge by its owner only; progress is served per requestId.
 */

const MID_JUNE = '2031-06-15T10:00:00.000Z';
const JUNE = '2031-06-01';

const CASSAVA_EN = {
  key: 'Cassava_mosaic_virus',
  title: 'Cassava mosaic virus',
  description: 'Plant virus',
  extract:
    'Cassava mosaic virus causes cassava mosaic disease. It is spread by whiteflies and by cuttings from infected plants.',
};
const CASSAVA_FR = {
  key: 'Mosaïque_du_manioc',
  title: 'Mosaïque du manioc',
  extract: 'La mosaïque du manioc est une maladie virale du manioc transmise par les aleurodes.',
};

const FARM_PAGE = `<!doctype html><html><head><title>Fighting cassava mosaic</title>
<script>var tracking = "SECRET-SCRIPT-TEXT";</script><style>body{color:red}</style></head>
<body><nav>Home | About</nav><article><h1>Fighting cassava mosaic</h1>
<p>Use clean cuttings from healthy plants &amp; remove infected cassava early.</p>
<p>Resistant varieties reduce cassava mosaic losses in Africa.</p></article></body></html>`;

describe.each<QueueBackend>(['postgres', 'redis'])('research with the queue on %s', (backend) => {
  const research = (ctx: TestApp, who: AuthResponse, body: unknown, language?: string) => {
    const call = request(ctx.app.getHttpServer()).post('/api/enhancements/research').set(bearer(who));
    if (language) void call.set('Accept-Language', language);
    return call.send(body as object);
  };
  const progressOf = (ctx: TestApp, who: AuthResponse, requestId: string) =>
    request(ctx.app.getHttpServer()).get(`/api/enhancements/research/progress/${requestId}`).set(bearer(who));
  const listOf = async (ctx: TestApp, who: AuthResponse) =>
    (await request(ctx.app.getHttpServer()).get('/api/enhancements/research').set(bearer(who)).expect(200))
      .body as ResearchListResponse;
  const used = (ctx: TestApp, who: AuthResponse) =>
    usedIn(ctx.databaseUrl, who.user.id, 'webSearchesPerMonth', JUNE);

  describe('on the web, summarised by the chat model', () => {
    let ctx: TestApp;
    let restoreClock: () => void;
    let openai: FakeOpenAiServer;
    let wikipedia: FakeWikipedia;
    let searxng: FakeSearchServer;
    let site: FakeWebSite;

    beforeAll(async () => {
      openai = await startFakeOpenAi();
      wikipedia = await startFakeWikipedia({ en: [CASSAVA_EN], fr: [CASSAVA_FR] });
      site = await startFakeWebSite({
        '/cassava': { body: FARM_PAGE },
        '/binary': { contentType: 'application/pdf', body: '%PDF-1.7 cassava' },
      });
      searxng = await startFakeSearxng([
        {
          title: 'Fighting cassava mosaic',
          url: site.url('/cassava'),
          snippet: 'Clean <b>cassava</b> cuttings.',
        },
        { title: 'Gone', url: site.url('/missing'), snippet: 'A page that is not there any more.' },
        { title: 'A PDF', url: site.url('/binary'), snippet: 'Not a web page.' },
      ]);
      ctx = await createTestApp(`research_web_${backend}`, {
        queue: backend,
        env: {
          OPENAI_BASE_URL: openai.baseUrl,
          CHAT_MODEL: 'fake-model',
          AI_MAX_RETRIES: '0',
          WIKIPEDIA_API_URL: wikipedia.apiUrl,
          SEARXNG_URL: searxng.origin,
          // The fake web site is on loopback, which research refuses by default (see below).
          RESEARCH_ALLOW_PRIVATE_NETWORK: 'true',
        },
        config: { rateLimits: GENEROUS_RATE_LIMITS },
      });
      restoreClock = setClock(ctx.app, MID_JUNE);
    });
    afterAll(async () => {
      restoreClock?.();
      await ctx?.close();
      await Promise.all([openai?.close(), wikipedia?.close(), searxng?.close(), site?.close()]);
    });
    beforeEach(() => {
      openai.requests.length = 0;
      wikipedia.requests.length = 0;
      site.requests.length = 0;
    });

    it('summarises only the pages it fetched, citing them [n], saves it and follows progress to done', async () => {
      const user = await registerUser(ctx.app, { prefix: 'research' });
      openai.script({
        kind: 'stream',
        chunks: ['Cassava mosaic is spread by whiteflies [1].', ' Use clean cuttings [2].'],
      });
      const requestId = randomUUID();
      const response = await research(ctx, user, { query: ' cassava mosaic ', requestId }, 'en').expect(200);
      const body = response.body as ResearchResponse;
      expect(body).toEqual({
        success: true,
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        query: 'cassava mosaic',
        summary: 'Cassava mosaic is spread by whiteflies [1]. Use clean cuttings [2].',
        sources: [
          {
            title: 'Cassava mosaic virus',
            url: 'https://en.wikipedia.org/wiki/Cassava_mosaic_virus',
            snippet: CASSAVA_EN.extract,
            type: 'encyclopedia',
          },
          {
            title: 'Fighting cassava mosaic',
            url: site.url('/cassava'),
            snippet: 'Clean cassava cuttings.',
            type: 'web',
          },
        ],
        mode: 'web',
      });
      // The model read the fetched texts, numbered, and nothing of the page's scripts.
      expect(openai.requests).toHaveLength(1);
      const prompt = JSON.stringify(openai.requests[0].body.messages);
      expect(prompt).toContain('[1] Cassava mosaic virus');
      expect(prompt).toContain('[2] Fighting cassava mosaic');
      expect(prompt).toContain('Use clean cuttings from healthy plants & remove infected cassava early.');
      expect(prompt).not.toContain('SECRET-SCRIPT-TEXT');
      expect(prompt).toContain('ONLY');
      // The three web results were tried; the missing page and the PDF are not sources.
      expect(site.requests.map((r) => r.path).sort()).toEqual(['/binary', '/cassava', '/missing']);
      expect(wikipedia.requests.map((r) => r.path)).toEqual([
        '/en/w/rest.php/v1/search/page',
        '/en/api/rest_v1/page/summary/Cassava_mosaic_virus',
      ]);
      expect(await used(ctx, user)).toBe(1);

      const progress = (await progressOf(ctx, user, requestId).expect(200)).body as ResearchProgress;
      expect(progress).toEqual({ stage: 'done', percent: 100 });
      const other = await registerUser(ctx.app, { prefix: 'research' });
      expect((await progressOf(ctx, other, requestId).expect(404)).body).toMatchObject({
        code: 'RESEARCH_NOT_FOUND',
      });
      expect((await progressOf(ctx, user, randomUUID()).expect(404)).body).toMatchObject({
        code: 'RESEARCH_NOT_FOUND',
      });
      expect((await progressOf(ctx, user, 'nope').expect(400)).body).toMatchObject({
        code: 'VALIDATION_FAILED',
      });

      const list = await listOf(ctx, user);
      expect(list.research).toEqual([
        {
          id: body.id,
          query: 'cassava mosaic',
          summary: body.summary,
          sources: body.sources,
          mode: 'web',
          createdAt: expect.any(String),
        },
      ]);
      expect((await listOf(ctx, other)).research).toEqual([]);
    });

    it('searches Wikipedia in French first for a French user, and English when French finds nothing', async () => {
      const user = await registerUser(ctx.app, { prefix: 'research' });
      openai.script({ kind: 'stream', chunks: ['Le manioc [1].'] });
      const body = (await research(ctx, user, { query: 'manioc' }, 'fr-FR,fr;q=0.9').expect(200))
        .body as ResearchResponse;
      expect(body.sources[0]).toMatchObject({ title: 'Mosaïque du manioc', type: 'encyclopedia' });
      expect(wikipedia.requests[0].path).toBe('/fr/w/rest.php/v1/search/page');
      expect(JSON.stringify(openai.requests[0].body.messages)).toContain('Write in French');

      wikipedia.requests.length = 0;
      openai.script({ kind: 'stream', chunks: ['Whiteflies [1].'] });
      const fallback = (await research(ctx, user, { query: 'whiteflies' }, 'fr').expect(200))
        .body as ResearchResponse;
      expect(wikipedia.requests.map((r) => r.path).slice(0, 2)).toEqual([
        '/fr/w/rest.php/v1/search/page',
        '/en/w/rest.php/v1/search/page',
      ]);
      expect(fallback.sources[0]).toMatchObject({ title: 'Cassava mosaic virus', type: 'encyclopedia' });
    });

    it('answers the model failure, marks the progress failed and gives the search back', async () => {
      const user = await registerUser(ctx.app, { prefix: 'research' });
      openai.script({ kind: 'error', status: 401, message: 'Incorrect API key provided' });
      const requestId = randomUUID();
      const response = await research(ctx, user, { query: 'cassava', requestId }).expect(502);
      expect(response.body).toMatchObject({ code: 'AI_AUTH_FAILED' });
      await eventually(async () => ((await used(ctx, user)) === 0 ? true : undefined));
      await sleep(200);
      expect(await used(ctx, user)).toBe(0);
      expect((await progressOf(ctx, user, requestId).expect(200)).body).toEqual({
        stage: 'failed',
        percent: 100,
      });
      expect((await listOf(ctx, user)).research).toEqual([]);
    });

    it('falls back to the local index when no page can be fetched (no network)', async () => {
      const user = await registerUser(ctx.app, { prefix: 'research' });
      searxng.behaviour = { status: 500 };
      try {
        // Wikipedia has no article with these words, and the web search is down.
        const body = (await research(ctx, user, { query: 'pricing plans' }, 'en').expect(200))
          .body as ResearchResponse;
        expect(body.mode).toBe('offline');
        expect(body.summary.split('\n')[0]).toMatch(/^Offline research/);
        expect(body.sources.map((source) => source.type)).toContain('local');
        expect(openai.requests).toHaveLength(0);
        expect(site.requests).toHaveLength(0);
      } finally {
        searxng.behaviour = 'ok';
      }
    });

    it.each([
      ['no query', {}, QUERY_REQUIRED],
      ['a requestId that is not a UUID', { query: 'maize', requestId: '123' }, REQUEST_ID_INVALID],
    ])('refuses %s with 400 and charges nothing', async (_label, body, message) => {
      const user = await registerUser(ctx.app, { prefix: 'research' });
      const response = await research(ctx, user, body).expect(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(JSON.stringify(response.body)).toContain(message);
      expect(await used(ctx, user)).toBe(0);
    });

    it("answers 404 for another user's conversation before charging", async () => {
      const owner = await registerUser(ctx.app, { prefix: 'research' });
      const other = await registerUser(ctx.app, { prefix: 'research' });
      openai.script({ kind: 'stream', chunks: ['Hi.'] });
      const sent = await request(ctx.app.getHttpServer())
        .post('/api/chat')
        .set(bearer(owner))
        .send({ message: 'Hello' })
        .expect(200);
      const conversationId = /"conversationId":"([^"]+)"/.exec(sent.text)![1];
      const refused = await research(ctx, other, { query: 'cassava', conversationId }).expect(404);
      expect(refused.body).toMatchObject({ code: 'CHAT_CONVERSATION_NOT_FOUND' });
      expect(await used(ctx, other)).toBe(0);
    });
  });

  describe('with RESEARCH_WEB=off and a chat model configured', () => {
    let ctx: TestApp;
    let openai: FakeOpenAiServer;
    let wikipedia: FakeWikipedia;

    beforeAll(async () => {
      openai = await startFakeOpenAi();
      wikipedia = await startFakeWikipedia({ en: [CASSAVA_EN] });
      ctx = await createTestApp(`research_web_off_${backend}`, {
        queue: backend,
        env: { OPENAI_BASE_URL: openai.baseUrl, WIKIPEDIA_API_URL: wikipedia.apiUrl, RESEARCH_WEB: 'off' },
        config: { rateLimits: GENEROUS_RATE_LIMITS },
      });
    });
    afterAll(async () => {
      await ctx?.close();
      await Promise.all([openai?.close(), wikipedia?.close()]);
    });

    it('stays on the local index: no Wikipedia, no model', async () => {
      const user = await registerUser(ctx.app, { prefix: 'research' });
      const body = (await research(ctx, user, { query: 'cassava pricing' }, 'en').expect(200))
        .body as ResearchResponse;
      expect(body.mode).toBe('offline');
      expect(body.summary).toMatch(/^Offline research/);
      expect(wikipedia.requests).toHaveLength(0);
      expect(openai.requests).toHaveLength(0);
    });
  });

  describe('offline (no chat model configured): the local index', () => {
    let ctx: TestApp;
    let restoreClock: () => void;

    beforeAll(async () => {
      ctx = await createTestApp(`research_offline_${backend}`, {
        queue: backend,
        config: { rateLimits: GENEROUS_RATE_LIMITS },
      });
      restoreClock = setClock(ctx.app, MID_JUNE);
    });
    afterAll(async () => {
      restoreClock?.();
      await ctx?.close();
    });

    it('summarises local passages with [n] citations, labelled offline, and saves it', async () => {
      const user = await registerUser(ctx.app, { prefix: 'research' });
      const requestId = randomUUID();
      const body = (await research(ctx, user, { query: 'pricing plans', requestId }, 'en').expect(200))
        .body as ResearchResponse;
      expect(body.mode).toBe('offline');
      const [label, , ...rest] = body.summary.split('\n');
      expect(label).toBe(
        "Offline research: this summary comes only from Kasa's local knowledge, not from the internet.",
      );
      expect(rest.join('\n')).toMatch(/\[1\]/);
      expect(body.sources.length).toBeGreaterThan(0);
      for (const source of body.sources) expect(source.type).toBe('local');
      expect(body.sources[0].url).toMatch(/^\/legal\//);
      expect(await used(ctx, user)).toBe(1);
      expect((await progressOf(ctx, user, requestId).expect(200)).body).toEqual({
        stage: 'done',
        percent: 100,
      });
    });

    it('labels the summary in French for a French user', async () => {
      const user = await registerUser(ctx.app, { prefix: 'research' });
      const body = (await research(ctx, user, { query: 'tarifs pricing' }, 'fr').expect(200))
        .body as ResearchResponse;
      expect(body.summary.split('\n')[0]).toMatch(/^Recherche hors ligne : /);
    });

    it('is found again as local knowledge by its owner only (local search, knowledge source)', async () => {
      const owner = await registerUser(ctx.app, { prefix: 'research' });
      const other = await registerUser(ctx.app, { prefix: 'research' });
      const saved = (await research(ctx, owner, { query: 'zanzibarian cloves pricing' }, 'en').expect(200))
        .body as ResearchResponse;
      expect((await listOf(ctx, owner)).research.map((r) => r.id)).toEqual([saved.id]);

      const knowledge = ctx.app.get(KnowledgeSearchService);
      expect(knowledge.sourceNames).toContain('research');
      expect(knowledge.sourceDescriptions('fr')).toContain('vos recherches enregistrées');
      const ownerHits = await knowledge.search({
        text: 'zanzibarian cloves',
        userId: owner.user.id,
        limit: 5,
      });
      expect(ownerHits.map((hit) => [hit.source, hit.title])).toContainEqual([
        'research',
        'Research: zanzibarian cloves pricing',
      ]);
      const otherHits = await knowledge.search({
        text: 'zanzibarian cloves',
        userId: other.user.id,
        limit: 5,
      });
      expect(otherHits.filter((hit) => hit.source === 'research')).toEqual([]);

      const found = (
        await request(ctx.app.getHttpServer())
          .post('/api/enhancements/search')
          .set(bearer(owner))
          .send({ query: 'zanzibarian cloves' })
          .expect(200)
      ).body as WebSearchResponse;
      expect(found.engine).toBe('local');
      expect(found.results.map((result) => result.title)).toContain('Research: zanzibarian cloves pricing');
      const notFound = (
        await request(ctx.app.getHttpServer())
          .post('/api/enhancements/search')
          .set(bearer(other))
          .send({ query: 'zanzibarian cloves' })
          .expect(200)
      ).body as WebSearchResponse;
      expect(notFound.results.map((result) => result.title)).not.toContain(
        'Research: zanzibarian cloves pricing',
      );
    });

    it('says so when the local index holds nothing relevant, with no sources', async () => {
      const user = await registerUser(ctx.app, { prefix: 'research' });
      const body = (await research(ctx, user, { query: 'qwertyuiopzz' }, 'en').expect(200))
        .body as ResearchResponse;
      expect(body).toMatchObject({ mode: 'offline', sources: [] });
      expect(body.summary).toMatch(/Nothing relevant was found in .*your saved research/);
    });
  });
});

describe('research reading a page crafted to be slow', () => {
  let ctx: TestApp;
  let openai: FakeOpenAiServer;
  let wikipedia: FakeWikipedia;
  let searxng: FakeSearchServer;
  let site: FakeWebSite;

  beforeAll(async () => {
    openai = await startFakeOpenAi();
    wikipedia = await startFakeWikipedia({ en: [] });
    site = await startFakeWebSite({
      // Half a megabyte of unclosed comment openings: minutes of regex backtracking on the old parser.
      '/comments': { body: '<!--'.repeat(128 * 1024) },
      '/cassava': { body: FARM_PAGE },
    });
    searxng = await startFakeSearxng([
      { title: 'Comments', url: site.url('/comments'), snippet: 'A page of comment openings.' },
      { title: 'Fighting cassava mosaic', url: site.url('/cassava'), snippet: 'Clean cuttings.' },
    ]);
    ctx = await createTestApp('research_slow_page', {
      env: {
        OPENAI_BASE_URL: openai.baseUrl,
        CHAT_MODEL: 'fake-model',
        AI_MAX_RETRIES: '0',
        WIKIPEDIA_API_URL: wikipedia.apiUrl,
        SEARXNG_URL: searxng.origin,
        RESEARCH_ALLOW_PRIVATE_NETWORK: 'true',
      },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await Promise.all([openai?.close(), wikipedia?.close(), searxng?.close(), site?.close()]);
  });

  it('keeps /api/health answering within a second while the research reads it, and goes on', async () => {
    const user = await registerUser(ctx.app, { prefix: 'slowpage' });
    openai.script({ kind: 'stream', chunks: ['Use clean cuttings [1].'] });
    // Health's first answer starts its database and queue probes: the measure starts after it.
    await request(ctx.app.getHttpServer()).get('/api/health');
    let researching = true;
    const researched = Promise.resolve(
      request(ctx.app.getHttpServer())
        .post('/api/enhancements/research')
        .set(bearer(user))
        .send({ query: 'cassava mosaic' }),
    ).finally(() => {
      researching = false;
    });
    const waits: number[] = [];
    while (researching) {
      const asked = performance.now();
      await request(ctx.app.getHttpServer()).get('/api/health');
      waits.push(performance.now() - asked);
      await sleep(50);
    }
    const body = (await researched).body as ResearchResponse;
    expect(site.requests.map((r) => r.path).sort()).toEqual(['/cassava', '/comments']);
    expect(Math.max(...waits)).toBeLessThan(1000);
    // The page without text is left out like any unreadable page; the research goes on.
    expect(body).toMatchObject({
      mode: 'web',
      sources: [{ title: 'Fighting cassava mosaic', url: site.url('/cassava'), type: 'web' }],
    });
  }, 180_000);
});

describe('the web pages research reads', () => {
  let site: FakeWebSite;
  let threads: WorkerThreadsService;
  const article = `<html><head><title>Soil</title></head><body><p>${'Compost feeds the soil. '.repeat(10)}</p></body></html>`;
  /** A resolver for names the tests make up: each answers this machine, like an intranet name would. */
  const looked: string[] = [];
  const toLoopback = async (hostname: string): Promise<LookupAddress[]> => {
    looked.push(hostname);
    return [{ address: '127.0.0.1', family: 4 }];
  };
  const guards: AddressGuard[] = [];
  const guard = (resolve?: typeof toLoopback) => {
    guards.push(publicInternetGuard(resolve));
    return guards[guards.length - 1];
  };
  const read = (link: string, options: Partial<WebPageOptions> = {}) =>
    fetchWebPage(link, { timeoutMs: 2000, parseTimeoutMs: 30_000, threads, guard: guard(), ...options });

  beforeAll(async () => {
    site = await startFakeWebSite({
      '/article': { body: article },
      '/hop': { body: '', redirectTo: '/article' },
      '/to-metadata': { body: '', redirectTo: 'http://169.254.169.254/latest/meta-data/' },
      '/big': { body: `<body>${'<p>Compost feeds the soil.</p>'.repeat(40_000)}</body>` },
    });
    threads = new WorkerThreadsService({ threads: { size: 1, maxMemoryMb: 128, maxQueue: 10 } } as AppConfig);
  });
  afterAll(async () => {
    await Promise.all([
      site?.close(),
      threads?.onModuleDestroy(),
      ...guards.map((g) => g.dispatcher?.close()),
    ]);
  });
  beforeEach(() => {
    site.requests.length = 0;
    looked.length = 0;
  });

  it('refuses a link on loopback or a private network unless RESEARCH_ALLOW_PRIVATE_NETWORK is on', async () => {
    await expect(read(site.url('/article'))).rejects.toThrow('is not on the public internet');
    expect(site.requests).toHaveLength(0);
    await expect(read(site.url('/article'), { guard: undefined })).resolves.toEqual({
      title: 'Soil',
      text: expect.stringContaining('Compost feeds the soil.'),
    });
  });

  it('checks a name where the connection is opened: one that resolves to this machine is never asked', async () => {
    const port = new URL(site.origin).port;
    await expect(read(`http://intranet.test:${port}/article`, { guard: guard(toLoopback) })).rejects.toThrow(
      'intranet.test is not on the public internet',
    );
    expect(looked).toEqual(['intranet.test']);
    expect(site.requests).toHaveLength(0);
  });

  it('follows a redirect only after checking where it leads', async () => {
    await expect(read(site.url('/hop'), { guard: undefined })).resolves.toMatchObject({ title: 'Soil' });
    // Through fetchText with a check that lets loopback pass but nothing else: the metadata
    // address a page redirects to is refused before it is asked.
    const checked: string[] = [];
    const loopbackOnly = async (url: URL) => {
      checked.push(url.href);
      if (url.hostname !== '127.0.0.1') throw new Error(`refused ${url.hostname}`);
    };
    await expect(
      fetchText(site.url('/to-metadata'), {
        timeoutMs: 2000,
        maxBytes: 1000,
        guard: { checkUrl: loopbackOnly },
      }),
    ).rejects.toThrow('refused 169.254.169.254');
    expect(checked).toEqual([site.url('/to-metadata'), 'http://169.254.169.254/latest/meta-data/']);
  });

  it('keeps at most WEB_PAGE_TEXT_MAX characters of a page', async () => {
    const page = await read(site.url('/big'), { guard: undefined });
    expect(page.text.length).toBeLessThanOrEqual(WEB_PAGE_TEXT_MAX);
    expect(page.text.length).toBeGreaterThan(WEB_PAGE_TEXT_MAX - 100);
  });

  it('gives a page up when reading it passes its time budget', async () => {
    await expect(read(site.url('/big'), { guard: undefined, parseTimeoutMs: 1 })).rejects.toBeInstanceOf(
      ThreadTaskTimeoutError,
    );
  });
});

describe('the Wikipedia API research reads', () => {
  let wikipedia: FakeWebSite;
  let intranet: FakeWebSite;
  let guard: AddressGuard;
  const looked: string[] = [];

  beforeAll(async () => {
    intranet = await startFakeWebSite({
      '/secret': { contentType: 'application/json', body: '{"pages":[]}' },
    });
    const port = new URL(intranet.origin).port;
    // WIKIPEDIA_API_URL is the operator's: asked as configured, even on loopback; where it
    // redirects to is not.
    wikipedia = await startFakeWebSite({
      '/en/w/rest.php/v1/search/page': { body: '', redirectTo: intranet.url('/secret') },
      '/fr/w/rest.php/v1/search/page': { body: '', redirectTo: `http://intranet.test:${port}/secret` },
    });
    guard = publicInternetGuard(async (hostname) => {
      looked.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    });
  });
  afterAll(async () => {
    await Promise.all([wikipedia?.close(), intranet?.close(), guard?.dispatcher?.close()]);
  });

  it('checks every redirect from WIKIPEDIA_API_URL, by address and by name', async () => {
    const client = new WikipediaClient(`${wikipedia.origin}/{lang}`, 2000, guard);
    await expect(client.search('cassava', 'en')).rejects.toThrow('127.0.0.1 is not on the public internet');
    await expect(client.search('cassava', 'fr')).rejects.toThrow(
      'intranet.test is not on the public internet',
    );
    expect(looked).toEqual(['intranet.test']);
    expect(wikipedia.requests.map((r) => r.path)).toEqual([
      '/en/w/rest.php/v1/search/page',
      '/fr/w/rest.php/v1/search/page',
    ]);
    expect(intranet.requests).toHaveLength(0);
  });

  it('follows them when RESEARCH_ALLOW_PRIVATE_NETWORK is on', async () => {
    const client = new WikipediaClient(`${wikipedia.origin}/{lang}`, 2000, undefined);
    await expect(client.search('cassava', 'en')).resolves.toEqual([]);
    expect(intranet.requests.map((r) => r.path)).toEqual(['/secret']);
  });
});
