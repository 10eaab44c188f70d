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
 * The Brave Search API: GET {apiUrl}?q=&count=10 with the X-Subscription-Token header answers
 * `{web: {results: [{title, url, description}]}}`; descriptions mark the query's words with
 * <strong>, removed here. No `web` means no results.
 */
export class BraveProvider implements WebSearchProvider {
  readonly engine = 'brave';

  constructor(
    private readonly apiUrl: string,
    private readonly apiKey: string,
  ) {}

  async search({ query, language, timeoutMs }: WebSearchQuery): Promise<WebSearchResult[]> {
    const url = new URL(this.apiUrl);
    url.searchParams.set('q', query);
    url.searchParams.set('count', String(SEARCH_RESULTS_WANTED));
    url.searchParams.set('search_lang', language);
    const { body } = await fetchJson(url.href, {
      timeoutMs,
      maxBytes: SEARCH_ANSWER_MAX_BYTES,
      headers: { Accept: 'application/json', 'X-Subscription-Token': this.apiKey },
    });
    if (!isObject(body)) throw new OutsideFetchError('invalid', 'the answer is not a JSON object');
    if (body.web === undefined) return [];
    if (!isObject(body.web) || !Array.isArray(body.web.results))
      throw new OutsideFetchError('invalid', 'web.results is not a list');
    return searchResults(body.web.results, (item) => searchResult(item.title, item.url, item.description));
  }
}
