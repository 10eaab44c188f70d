import type { ReplyLanguage } from '../../ai/language/detect-language';
import { plainText } from '../search/html-text';
import { type AddressGuard, fetchJson, httpUrl, OutsideFetchError } from '../search/providers/http-fetch';
import { isObject } from '../search/providers/web-search-provider';

/** Largest Wikipedia answer read (bytes): a search or a summary is a few kilobytes. */
const WIKIPEDIA_MAX_BYTES = 1024 * 1024;
/** Wikimedia asks API clients to name themselves (their User-Agent policy). */
const USER_AGENT = 'KasaResearch/1.0 (https://github.com/kasa; research assistant)';

export interface WikipediaHit {
  key: string;
  title: string;
  /** Plain text of the search excerpt or description. */
  snippet: string;
  language: ReplyLanguage;
}

export interface WikipediaPage {
  title: string;
  url: string;
  extract: string;
}

/**
 * Wikipedia's REST API at WIKIPEDIA_API_URL ('{lang}' replaced by en or fr):
 * - GET {origin}/w/rest.php/v1/search/page?q=&limit=5 → `{pages: [{key, title, excerpt, description}]}`
 * - GET {origin}/api/rest_v1/page/summary/{key} → `{title, extract, content_urls: {desktop: {page}}}`
 * WIKIPEDIA_API_URL is the operator's and is asked as configured; where it redirects to goes
 * through `guard` like any web page research reads (undefined: RESEARCH_ALLOW_PRIVATE_NETWORK).
 */
export class WikipediaClient {
  constructor(
    private readonly apiUrl: string,
    private readonly timeoutMs: number,
    private readonly guard: AddressGuard | undefined,
  ) {}

  origin(language: ReplyLanguage): string {
    return this.apiUrl.replace(/\{lang\}/g, language).replace(/\/+$/, '');
  }

  async search(query: string, language: ReplyLanguage, limit = 5): Promise<WikipediaHit[]> {
    const url = new URL(`${this.origin(language)}/w/rest.php/v1/search/page`);
    url.searchParams.set('q', query);
    url.searchParams.set('limit', String(limit));
    const { body } = await fetchJson(url.href, this.options());
    if (!isObject(body) || !Array.isArray(body.pages))
      throw new OutsideFetchError('invalid', 'the search answer has no pages list');
    const hits: WikipediaHit[] = [];
    for (const page of body.pages) {
      if (!isObject(page) || typeof page.key !== 'string' || page.key === '' || page.key.length > 512)
        continue;
      const title = typeof page.title === 'string' ? plainText(page.title) : page.key.replace(/_/g, ' ');
      const excerpt = typeof page.excerpt === 'string' ? plainText(page.excerpt) : '';
      const description = typeof page.description === 'string' ? plainText(page.description) : '';
      hits.push({ key: page.key, title, snippet: description || excerpt, language });
    }
    return hits.slice(0, limit);
  }

  async summary(hit: WikipediaHit): Promise<WikipediaPage> {
    const origin = this.origin(hit.language);
    const { body } = await fetchJson(
      `${origin}/api/rest_v1/page/summary/${encodeURIComponent(hit.key)}`,
      this.options(),
    );
    if (!isObject(body)) throw new OutsideFetchError('invalid', 'the summary is not a JSON object');
    const extract = typeof body.extract === 'string' ? plainText(body.extract) : '';
    if (extract === '') throw new OutsideFetchError('invalid', `the page ${hit.key} has no extract`);
    const desktop =
      isObject(body.content_urls) && isObject(body.content_urls.desktop) ? body.content_urls.desktop : {};
    const url = httpUrl(desktop.page)?.href ?? `${origin}/wiki/${encodeURIComponent(hit.key)}`;
    const title =
      typeof body.title === 'string' && body.title.trim() !== '' ? plainText(body.title) : hit.title;
    return { title, url, extract };
  }

  private options() {
    return {
      timeoutMs: this.timeoutMs,
      maxBytes: WIKIPEDIA_MAX_BYTES,
      guard: this.guard,
      trustFirstUrl: true,
      headers: { Accept: 'application/json', 'User-Agent': USER_AGENT, 'Api-User-Agent': USER_AGENT },
    };
  }
}
