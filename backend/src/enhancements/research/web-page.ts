import { htmlTitle, pageText } from '../search/html-text';
import { fetchText, httpUrl, OutsideFetchError } from '../search/providers/http-fetch';
import { assertPublicUrl } from './public-address';

/** Bytes of a web page read at most: enough for the text of an article, not for a download. */
export const WEB_PAGE_MAX_BYTES = 1024 * 1024;
/** Characters of a page's text kept (what the summary is written from). */
export const WEB_PAGE_TEXT_MAX = 20_000;
/** A page with less text than this (a login wall, an empty shell of scripts) is left out. */
const WEB_PAGE_TEXT_MIN = 80;

export interface WebPage {
  title?: string;
  text: string;
}

/**
 * A page found by web search, as text: HTML (or plain text) only, fetched with a time limit and a
 * size cap (a longer page is cut, not refused), scripts and markup removed.
 */
export async function fetchWebPage(
  link: string,
  timeoutMs: number,
  { allowPrivateNetwork = false }: { allowPrivateNetwork?: boolean } = {},
): Promise<WebPage> {
  const url = httpUrl(link);
  if (!url) throw new OutsideFetchError('invalid', 'not an http(s) link');
  const page = await fetchText(url.href, {
    timeoutMs,
    checkUrl: allowPrivateNetwork ? undefined : assertPublicUrl,
    maxBytes: WEB_PAGE_MAX_BYTES,
    headers: { Accept: 'text/html,text/plain;q=0.9', 'User-Agent': 'KasaResearch/1.0' },
  });
  const type = page.contentType.split(';')[0].trim().toLowerCase();
  const html = type === 'text/html' || type === 'application/xhtml+xml';
  if (!html && type !== 'text/plain')
    throw new OutsideFetchError('invalid', `not a page (${type || 'no type'})`);
  const text = (html ? pageText(page.text) : page.text.replace(/[ \t]+/g, ' ').trim()).slice(
    0,
    WEB_PAGE_TEXT_MAX,
  );
  if (text.length < WEB_PAGE_TEXT_MIN) throw new OutsideFetchError('invalid', 'the page has almost no text');
  return { title: html ? htmlTitle(page.text) : undefined, text };
}
