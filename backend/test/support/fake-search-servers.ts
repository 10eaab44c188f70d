import type { IncomingMessage, ServerResponse } from 'node:http';
import { type LoopbackServer, startLoopbackServer } from './loopback-server';

/**
 * Loopback servers speaking the wire formats search and research talk to: SearXNG's JSON API,
 * Google's Custom Search JSON API (with its error body), the Brave Search API, Wikipedia's REST
 * search and page summaries, and plain web pages. Each records what it was asked.
 */

/** How a search server answers its next requests: its results, an HTTP error, silence or HTML. */
export type SearchBehaviour = 'ok' | 'hang' | 'html' | { status: number; message?: string };

export interface RecordedRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** ms since the epoch: tells the order in which several servers were asked. */
  at: number;
}

export interface FakeSearchResult {
  title: string;
  url: string;
  snippet: string;
}

export interface FakeSearchServer {
  origin: string;
  requests: RecordedRequest[];
  behaviour: SearchBehaviour;
  results: FakeSearchResult[];
  close(): Promise<void>;
}

function record(req: IncomingMessage, requests: RecordedRequest[]): URL {
  const url = new URL(req.url ?? '/', 'http://fake');
  requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers, at: Date.now() });
  return url;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Answers a behaviour other than 'ok'; true when it did. */
function misbehave(
  res: ServerResponse,
  behaviour: SearchBehaviour,
  errorBody: (status: number, message: string) => unknown,
): boolean {
  if (behaviour === 'ok') return false;
  if (behaviour === 'hang') return true;
  if (behaviour === 'html') {
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end('<html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>');
    return true;
  }
  sendJson(
    res,
    behaviour.status,
    errorBody(behaviour.status, behaviour.message ?? `Fake error ${behaviour.status}`),
  );
  return true;
}

async function startSearchServer(
  route: string,
  answer: (server: FakeSearchServer, url: URL, req: IncomingMessage, res: ServerResponse) => void,
  errorBody: (status: number, message: string) => unknown,
  results: FakeSearchResult[],
): Promise<FakeSearchServer> {
  const fake: FakeSearchServer = {
    origin: '',
    requests: [],
    behaviour: 'ok',
    results,
    close: async () => undefined,
  };
  const server: LoopbackServer = await startLoopbackServer(async (req, res) => {
    const url = record(req, fake.requests);
    if (req.method !== 'GET' || url.pathname !== route) return sendJson(res, 404, { error: 'no route' });
    if (misbehave(res, fake.behaviour, errorBody)) return;
    answer(fake, url, req, res);
  });
  fake.origin = server.origin;
  fake.close = () => server.close();
  return fake;
}

/** SearXNG: GET /search?q=&format=json&language= → {query, results: [{title, url, content, engine}]}. */
export function startFakeSearxng(results: FakeSearchResult[]): Promise<FakeSearchServer> {
  return startSearchServer(
    '/search',
    (fake, url, _req, res) => {
      if (url.searchParams.get('format') !== 'json') {
        res.writeHead(403, { 'content-type': 'text/html' });
        res.end('<html>403 Forbidden</html>');
        return;
      }
      sendJson(res, 200, {
        query: url.searchParams.get('q'),
        number_of_results: 0,
        results: fake.results.map((result) => ({
          title: result.title,
          url: result.url,
          content: result.snippet,
          engine: 'duckduckgo',
          score: 1,
        })),
        answers: [],
        suggestions: [],
        unresponsive_engines: [],
      });
    },
    (status, message) => ({ error: message, status }),
    results,
  );
}

/**
 * Google Custom Search JSON API: GET /customsearch/v1?key=&cx=&q=&num= → {kind, items: [...]};
 * a wrong key answers its error body {error: {code, message, errors, status}}.
 */
export function startFakeGoogle(
  results: FakeSearchResult[],
  apiKey = 'google-key',
): Promise<FakeSearchServer> {
  const errorBody = (status: number, message: string) => ({
    error: {
      code: status,
      message,
      errors: [{ message, domain: 'global', reason: status === 429 ? 'rateLimitExceeded' : 'backendError' }],
      status: status === 429 ? 'RESOURCE_EXHAUSTED' : status === 400 ? 'INVALID_ARGUMENT' : 'INTERNAL',
    },
  });
  return startSearchServer(
    '/customsearch/v1',
    (fake, url, _req, res) => {
      if (url.searchParams.get('key') !== apiKey)
        return sendJson(res, 400, errorBody(400, 'API key not valid. Please pass a valid API key.'));
      const body: Record<string, unknown> = {
        kind: 'customsearch#search',
        queries: { request: [{ searchTerms: url.searchParams.get('q'), count: 10 }] },
      };
      // Google leaves `items` out when nothing matched.
      if (fake.results.length > 0)
        body.items = fake.results.map((result) => ({
          kind: 'customsearch#result',
          title: result.title,
          htmlTitle: result.title.replace(/(\w+)/, '<b>$1</b>'),
          link: result.url,
          displayLink: new URL(result.url).hostname,
          snippet: result.snippet,
        }));
      sendJson(res, 200, body);
    },
    errorBody,
    results,
  );
}

/**
 * Brave Search API: GET /res/v1/web/search?q=&count= with X-Subscription-Token →
 * {type: 'search', web: {results: [{title, url, description}]}}; descriptions mark words with <strong>.
 */
export function startFakeBrave(
  results: FakeSearchResult[],
  token = 'brave-token',
): Promise<FakeSearchServer> {
  const errorBody = (status: number, message: string) => ({
    type: 'ErrorResponse',
    error: { id: 'fake', status, code: status === 429 ? 'RATE_LIMITED' : 'SERVER_ERROR', detail: message },
  });
  return startSearchServer(
    '/res/v1/web/search',
    (fake, url, req, res) => {
      if (req.headers['x-subscription-token'] !== token)
        return sendJson(res, 422, {
          type: 'ErrorResponse',
          error: {
            status: 422,
            code: 'SUBSCRIPTION_TOKEN_INVALID',
            detail: 'The provided subscription token is invalid.',
          },
        });
      sendJson(res, 200, {
        type: 'search',
        query: { original: url.searchParams.get('q') },
        web: {
          type: 'search',
          results: fake.results.map((result) => ({
            title: result.title,
            url: result.url,
            description: result.snippet,
            language: 'en',
          })),
        },
      });
    },
    errorBody,
    results,
  );
}

export interface FakeWikipediaPage {
  key: string;
  title: string;
  description?: string;
  extract: string;
}

export interface FakeWikipedia {
  /** What WIKIPEDIA_API_URL is set to: `${origin}/{lang}`. */
  apiUrl: string;
  requests: RecordedRequest[];
  /** Articles per language ('en', 'fr'): the search finds those whose title or extract has a query word. */
  pages: Record<string, FakeWikipediaPage[]>;
  close(): Promise<void>;
}

/**
 * Wikipedia per language under /{lang}: GET /{lang}/w/rest.php/v1/search/page?q=&limit= →
 * {pages: [{id, key, title, excerpt, description}]} and GET /{lang}/api/rest_v1/page/summary/{key} →
 * {title, extract, content_urls: {desktop: {page}}} (404 with Wikimedia's problem body when unknown).
 */
export async function startFakeWikipedia(pages: Record<string, FakeWikipediaPage[]>): Promise<FakeWikipedia> {
  const fake: FakeWikipedia = { apiUrl: '', requests: [], pages, close: async () => undefined };
  const server = await startLoopbackServer(async (req, res) => {
    const url = record(req, fake.requests);
    const search = /^\/([a-z]{2})\/w\/rest\.php\/v1\/search\/page$/.exec(url.pathname);
    if (search) {
      const words = (url.searchParams.get('q') ?? '')
        .toLowerCase()
        .split(/\W+/)
        .filter((word) => word.length > 2);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const found = (fake.pages[search[1]] ?? []).filter((page) =>
        words.some((word) => `${page.title} ${page.extract}`.toLowerCase().includes(word)),
      );
      return sendJson(res, 200, {
        pages: found.slice(0, limit).map((page, index) => ({
          id: 1000 + index,
          key: page.key,
          title: page.title,
          excerpt: `<span class="searchmatch">${page.title}</span> ${page.extract.slice(0, 60)}`,
          matched_title: null,
          description: page.description ?? null,
          thumbnail: null,
        })),
      });
    }
    const summary = /^\/([a-z]{2})\/api\/rest_v1\/page\/summary\/(.+)$/.exec(url.pathname);
    if (summary) {
      const key = decodeURIComponent(summary[2]);
      const page = (fake.pages[summary[1]] ?? []).find((candidate) => candidate.key === key);
      if (!page)
        return sendJson(res, 404, {
          type: 'https://mediawiki.org/wiki/HyperSwitch/errors/not_found',
          title: 'Not found.',
          method: 'get',
          detail: 'Page or revision not found.',
        });
      const link = `https://${summary[1]}.wikipedia.org/wiki/${encodeURIComponent(page.key)}`;
      return sendJson(res, 200, {
        type: 'standard',
        title: page.title,
        displaytitle: `<span class="mw-page-title-main">${page.title}</span>`,
        description: page.description,
        extract: page.extract,
        extract_html: `<p>${page.extract}</p>`,
        content_urls: {
          desktop: { page: link },
          mobile: { page: link.replace('.wikipedia', '.m.wikipedia') },
        },
      });
    }
    sendJson(res, 404, { error: 'no route' });
  });
  fake.apiUrl = `${server.origin}/{lang}`;
  fake.close = () => server.close();
  return fake;
}

export interface FakeWebPage {
  /** Answers a redirect to this location instead of a page. */
  redirectTo?: string;
  status?: number;
  contentType?: string;
  body: string;
  /** Waits this long before answering (a slow site). */
  delayMs?: number;
}

export interface FakeWebSite {
  origin: string;
  requests: RecordedRequest[];
  /** Pages by path ('/maize'). */
  pages: Record<string, FakeWebPage>;
  url(path: string): string;
  close(): Promise<void>;
}

/** Plain web pages by path; an unknown path is a 404 HTML page. */
export async function startFakeWebSite(pages: Record<string, FakeWebPage>): Promise<FakeWebSite> {
  const fake: FakeWebSite = {
    origin: '',
    requests: [],
    pages,
    url: (path) => `${fake.origin}${path}`,
    close: async () => undefined,
  };
  const server = await startLoopbackServer(async (req, res) => {
    const url = record(req, fake.requests);
    const page = fake.pages[url.pathname];
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><body><h1>Not Found</h1></body></html>');
      return;
    }
    if (page.delayMs) await new Promise((resolve) => setTimeout(resolve, page.delayMs));
    if (res.destroyed) return;
    if (page.redirectTo) {
      res.writeHead(page.status ?? 302, { location: page.redirectTo });
      res.end();
      return;
    }
    res.writeHead(page.status ?? 200, { 'content-type': page.contentType ?? 'text/html; charset=utf-8' });
    res.end(page.body);
  });
  fake.origin = server.origin;
  fake.close = () => server.close();
  return fake;
}
