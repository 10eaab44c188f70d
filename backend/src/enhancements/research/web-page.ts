import { READ_HTML_PAGE_TASK } from '../search/html-text.task';
import { type AddressGuard, fetchText, httpUrl, OutsideFetchError } from '../search/providers/http-fetch';
import type { WorkerThreadsService } from '../../worker-threads';

/** Bytes of a web page read at most: enough for the text of an article, not for a download. */
export const WEB_PAGE_MAX_BYTES = 1024 * 1024;
/** Characters of a page's text kept (what the summary is written from); reading stops there. */
export const WEB_PAGE_TEXT_MAX = 20_000;
/** A page with less text than this (a login wall, an empty shell of scripts) is left out. */
const WEB_PAGE_TEXT_MIN = 80;

export interface WebPage {
  title?: string;
  text: string;
}

export interface WebPageOptions {
  /** The whole exchange with the site. */
  timeoutMs: number;
  /** Reading the HTML on a worker thread, waiting for a free thread included. */
  parseTimeoutMs: number;
  threads: WorkerThreadsService;
  /** Where the page may be (publicInternetGuard), or undefined for anywhere (RESEARCH_ALLOW_PRIVATE_NETWORK). */
  guard: AddressGuard | undefined;
}

/**
 * A page found by web search, as text: HTML (or plain text) only, fetched with a time limit and a
 * size cap (a longer page is cut, not refused), its HTML read on a worker thread within a time
 * budget, scripts and markup removed.
 */
export async function fetchWebPage(link: string, options: WebPageOptions): Promise<WebPage> {
  const url = httpUrl(link);
  if (!url) throw new OutsideFetchError('invalid', 'not an http(s) link');
  const page = await fetchText(url.href, {
    timeoutMs: options.timeoutMs,
    guard: options.guard,
    maxBytes: WEB_PAGE_MAX_BYTES,
    headers: { Accept: 'text/html,text/plain;q=0.9', 'User-Agent': 'KasaResearch/1.0' },
  });
  const type = page.contentType.split(';')[0].trim().toLowerCase();
  const html = type === 'text/html' || type === 'application/xhtml+xml';
  if (!html && type !== 'text/plain')
    throw new OutsideFetchError('invalid', `not a page (${type || 'no type'})`);
  const read = html
    ? await options.threads.run(
        READ_HTML_PAGE_TASK,
        { html: page.text, maxText: WEB_PAGE_TEXT_MAX },
        { timeoutMs: options.parseTimeoutMs },
      )
    : { text: plainPageText(page.text) };
  if (read.text.length < WEB_PAGE_TEXT_MIN)
    throw new OutsideFetchError('invalid', 'the page has almost no text');
  return read;
}

/** A text/plain page with its runs of spaces collapsed, at most WEB_PAGE_TEXT_MAX characters. */
function plainPageText(text: string): string {
  return text
    .replace(/[ \t]+/g, ' ')
    .trim()
    .slice(0, WEB_PAGE_TEXT_MAX);
}
