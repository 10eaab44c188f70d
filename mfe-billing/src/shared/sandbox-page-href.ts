import type { Language } from '@kasa/ui';

/**
 * The sandbox checkout page (server-rendered by the backend's billing module) in the app's
 * language: `?lang=` wins over the browser's Accept-Language, which may differ from the language
 * chosen in the app.
 */
export function sandboxPageHref(checkoutUrl: string, language: Language): string {
  return `${checkoutUrl}${checkoutUrl.includes('?') ? '&' : '?'}lang=${language}`;
}
