// @kasa/ui/safe-url: the link and character-reference rules of the reply renderer
// (@kasa/ui/markdown), on their own subpath so that eager code (the chat's web-search results,
// its media URLs) can use them without pulling the lazily loaded renderer into the first load.

/** Links open only to the web or an e-mail address: no javascript:, data:, vbscript:, file:, relative paths. */
const ALLOWED = /^(?:https?:\/\/|mailto:)/i;

/** The URL when it is safe to link to, else null. Control characters and spaces cannot hide a scheme. */
export function safeLinkUrl(href: string | null | undefined): string | null {
  if (!href) return null;
  // eslint-disable-next-line no-control-regex
  const cleaned = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (!ALLOWED.test(cleaned)) return null;
  try {
    const url = new URL(cleaned);
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:'
      ? cleaned
      : null;
  } catch {
    return null;
  }
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  deg: '°',
  times: '×',
};

/** Resolves the character references markdown text may carry (&amp; &#233; &#x20AC;) into characters. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (match, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : '\ufffd';
    }
    return NAMED[body.toLowerCase()] ?? match;
  });
}
