import type { SearchEngineName, WebSearchResult } from '@kasa/contracts';
import type { ReplyLanguage } from '../../../ai/language/detect-language';
import { plainText } from '../html-text';
import { httpUrl } from './http-fetch';

/** Results a provider is asked for, and the most kept from one answer. */
export const SEARCH_RESULTS_WANTED = 10;
/** Largest provider answer read (bytes): ten results are a few kilobytes. */
export const SEARCH_ANSWER_MAX_BYTES = 2 * 1024 * 1024;
const TITLE_MAX = 300;
const SNIPPET_MAX = 600;

export interface WebSearchQuery {
  query: string;
  language: ReplyLanguage;
  timeoutMs: number;
}

/**
 * A web search provider (SearXNG, Google Programmable Search, Brave). An adapter answers the
 * results of its wire format or throws OutsideFetchError; WebSearchEngines fails over between them.
 */
export interface WebSearchProvider {
  readonly engine: Exclude<SearchEngineName, 'local'>;
  search(query: WebSearchQuery): Promise<WebSearchResult[]>;
}

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/**
 * One result out of a provider's item, or undefined when it has no usable title or http(s) link
 * (a provider's odd item is skipped, never shown). Markup in titles and snippets becomes text.
 */
export function searchResult(
  title: unknown,
  link: unknown,
  snippet: unknown,
  displayLink?: unknown,
): WebSearchResult | undefined {
  const url = httpUrl(link);
  const cleanTitle = typeof title === 'string' ? plainText(title) : '';
  if (!url) return undefined;
  const shown =
    typeof displayLink === 'string' && displayLink.trim() !== '' ? plainText(displayLink) : url.hostname;
  return {
    title: cut(cleanTitle || url.hostname, TITLE_MAX),
    link: url.href,
    displayLink: cut(shown, 200),
    snippet: cut(typeof snippet === 'string' ? plainText(snippet) : '', SNIPPET_MAX),
  };
}

/** The results of a list of items, the unusable ones left out, at most SEARCH_RESULTS_WANTED. */
export function searchResults(
  items: unknown,
  toResult: (item: Record<string, unknown>) => WebSearchResult | undefined,
): WebSearchResult[] {
  if (!Array.isArray(items)) return [];
  const results: WebSearchResult[] = [];
  for (const item of items) {
    if (results.length >= SEARCH_RESULTS_WANTED) break;
    if (item === null || typeof item !== 'object') continue;
    const result = toResult(item as Record<string, unknown>);
    if (result) results.push(result);
  }
  return results;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
