/** The five legal pages served by GET /api/legal/pages/{type} (docs/product.md#legal-pages). */
export const LEGAL_PAGE_TYPES = ['terms', 'privacy', 'cookies', 'fair_use', 'pricing'] as const;
export type LegalPageType = (typeof LEGAL_PAGE_TYPES)[number];

/** A legal page: GET /api/legal/pages/{type}. */
export interface LegalPageResponse {
  title: string;
  /** e.g. '1.0'. */
  version: string;
  /** ISO date, YYYY-MM-DD. */
  effectiveDate: string;
  /** Simple markdown-like text: '#' headings, '- ' and '1. ' lists, **bold**, blank-line paragraphs. */
  content: string;
}

/** A cookie choice (docs/product.md#cookie-consent): the body of POST /api/legal/cookie-preferences. */
export interface CookiePreferencesRequest {
  /** Random id the browser generates on each load (a UUID); 8–64 of A-Z a-z 0-9 _ -. */
  sessionId: string;
  /** Strictly necessary cookies cannot be refused: must be true. */
  necessary: boolean;
  analytics: boolean;
  marketing: boolean;
  preferences: boolean;
}

/**
 * The stored choice: the answer of POST /api/legal/cookie-preferences and of
 * GET /api/legal/cookie-preferences/{sessionId}?type=session (which answers JSON `null` when
 * nothing is stored for that session).
 */
export interface CookiePreferencesResponse extends CookiePreferencesRequest {
  /** ISO timestamp of the last change. */
  updatedAt: string;
}
