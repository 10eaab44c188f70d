/** The five legal pages served by GET /api/legal/pages/{type} (docs/product.md#legal-pages). */
export const LEGAL_PAGE_TYPES = ['terms', 'privacy', 'cookies', 'fair_use', 'pricing'] as const;
export type LegalPageType = (typeof LEGAL_PAGE_TYPES)[number];

/** The languages each legal page is written in: GET /api/legal/pages/{type}?lang=fr. */
export const LEGAL_PAGE_LANGUAGES = ['en', 'fr'] as const;
export type LegalPageLanguage = (typeof LEGAL_PAGE_LANGUAGES)[number];

/** A legal page: GET /api/legal/pages/{type}?lang=en|fr. */
export interface LegalPageResponse {
  title: string;
  /**
   * The language of this text: the one asked for, or 'en' when the page is not written in that
   * language yet. Each language has its own version and effective date.
   */
  language: LegalPageLanguage;
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
