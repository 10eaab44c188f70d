import { safeLinkUrl } from '@kasa/ui/safe-url';

// The link rule lives with the reply renderer in @kasa/ui; re-exported for the chat's other links.
export { safeLinkUrl };

/**
 * A media URL the app may load (message images and audio): same-origin paths ('/api/…') and
 * http(s) URLs only.
 */
export function safeMediaUrl(href: string | null | undefined): string | null {
  if (!href) return null;
  const trimmed = href.trim();
  if (/^\/(?!\/)/.test(trimmed)) return trimmed;
  return /^https?:\/\//i.test(trimmed) ? safeLinkUrl(trimmed) : null;
}
