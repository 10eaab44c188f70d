/**
 * A media address the page may put in an <img> or <audio>: a path of this site (the share's own
 * /api/shares/{id}/media/{n} links) or an http(s) URL. Anything else (javascript:, data:, a
 * protocol-relative //host) is dropped: the page is public, its data must not choose a scheme.
 */
export function safeMediaUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/')) return url.startsWith('//') || url.startsWith('/\\') ? null : url;
  return /^https?:\/\//i.test(url) ? url : null;
}
