import type { WebSearchResult } from '@kasa/contracts';
import { fetchJson, OutsideFetchError } from './http-fetch';
import {
  isObject,
  SEARCH_ANSWER_MAX_BYTES,
  SEARCH_RESULTS_WANTED,
  searchResult,
  searchResults,
  type WebSearchProvider,
  type WebSearchQuery,
} from './web-search-provider';

/**
 * Google Programmable Search (Custom Search JSON API): GET {apiUrl}?key=&cx=&q=&num=10 answers
 * `{items: [{title, link, displayLink, snippet}]}`; no `items` means no results. A failure
 * answers `{error: {code, message}}` (bad key, daily quota spent), logged with its message.
 */
export class GoogleProvider implements WebSearchProvider {
  readonly engine = 'google';

  constructor(
    private readonly apiUrl: string,
    private readonly apiKey: string,
    private readonly engineId: string,
  ) {}

  async search({ query, language, timeoutMs }: WebSearchQuery): Promise<WebSearchResult[]> {
    const url = new URL(this.apiUrl);
    url.searchParams.set('key', this.apiKey);
    url.searchParams.set('cx', this.engineId);
    url.searchParams.set('q', query);
    url.searchParams.set('num', String(SEARCH_RESULTS_WANTED));
    url.searchParams.set('hl', language);
    const { status, body } = await fetchJson(url.href, {
      timeoutMs,
      maxBytes: SEARCH_ANSWER_MAX_BYTES,
      headers: { Accept: 'application/json' },
      acceptErrors: true,
    });
    if (status < 200 || status > 299 || (isObject(body) && isObject(body.error))) {
      const error = isObject(body) && isObject(body.error) ? body.error : {};
      const message = typeof error.message === 'string' ? error.message.slice(0, 300) : 'no error message';
      throw new OutsideFetchError('status', `HTTP ${status}: ${message}`, status);
    }
    if (!isObject(body)) throw new OutsideFetchError('invalid', 'the answer is not a JSON object');
    if (body.items === undefined) return [];
    if (!Array.isArray(body.items)) throw new OutsideFetchError('invalid', 'items is not a list');
    return searchResults(body.items, (item) =>
      searchResult(item.title, item.link, item.snippet, item.displayLink),
    );
  }
}
