import type { WebSearchResult } from '@kasa/contracts';
import { fetchJson, OutsideFetchError } from './http-fetch';
import {
  isObject,
  SEARCH_ANSWER_MAX_BYTES,
  searchResult,
  searchResults,
  type WebSearchProvider,
  type WebSearchQuery,
} from './web-search-provider';

/**
 * A SearXNG instance's JSON API: GET {url}/search?q=&format=json&language= answers
 * `{results: [{title, url, content}]}` (the instance must allow the json format in its settings).
 */
export class SearxngProvider implements WebSearchProvider {
  readonly engine = 'searxng';

  constructor(private readonly baseUrl: string) {}

  async search({ query, language, timeoutMs }: WebSearchQuery): Promise<WebSearchResult[]> {
    const url = new URL(`${this.baseUrl.replace(/\/+$/, '')}/search`);
    url.searchParams.set('q', query);
    url.searchParams.set('format', 'json');
    url.searchParams.set('language', language);
    const { body } = await fetchJson(url.href, {
      timeoutMs,
      maxBytes: SEARCH_ANSWER_MAX_BYTES,
      headers: { Accept: 'application/json' },
    });
    if (!isObject(body) || !Array.isArray(body.results))
      throw new OutsideFetchError('invalid', 'the answer has no results list');
    return searchResults(body.results, (item) => searchResult(item.title, item.url, item.content));
  }
}
