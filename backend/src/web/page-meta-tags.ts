import type { ShellPageMeta } from './shell-page-meta';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside an HTML attribute value or element text: no value can close the tag. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

/** The `<meta>` tags of `meta`, every value escaped. */
export function pageMetaTags(meta: ShellPageMeta, siteName: string): string {
  const tags: string[] = [];
  if (meta.noindex) tags.push('<meta name="robots" content="noindex">');
  if (meta.openGraph) {
    const property = (name: string, value: string) =>
      `<meta property="${name}" content="${escapeHtml(value)}">`;
    tags.push(property('og:title', meta.openGraph.title), property('og:type', 'website'));
    if (meta.openGraph.description) tags.push(property('og:description', meta.openGraph.description));
    tags.push(property('og:site_name', siteName));
  }
  return tags.join('');
}

/**
 * The shell's index.html with the page's meta tags in its head (before `</head>`, else after the
 * doctype, so the page never drops into quirks mode).
 */
export function withPageMeta(html: string, meta: ShellPageMeta, siteName: string): string {
  const tags = pageMetaTags(meta, siteName);
  if (!tags) return html;
  // A replacer function: a `$&` or `$'` in a title must stay text, not a replacement pattern.
  if (html.includes('</head>')) return html.replace('</head>', () => `${tags}</head>`);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? `${doctype[0]}${tags}${html.slice(doctype[0].length)}` : `${tags}${html}`;
}
