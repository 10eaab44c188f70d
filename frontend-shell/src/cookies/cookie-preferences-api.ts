import { apiFetch } from '@kasa/api-client';
import type { CookiePreferencesRequest, CookiePreferencesResponse } from '@kasa/contracts';

/** The cookie-preferences calls (docs/openapi.json). */
export const COOKIE_PREFERENCES_PATH = '/api/legal/cookie-preferences';

/** The four categories (docs/product.md#cookie-consent), in the order the toggles show them. */
export const COOKIE_CATEGORIES = ['necessary', 'analytics', 'marketing', 'preferences'] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];

/** A visitor's choice: one flag per category (the request without its sessionId). */
export type CookieChoice = Omit<CookiePreferencesRequest, 'sessionId'>;

export const ACCEPT_ALL: CookieChoice = {
  necessary: true,
  analytics: true,
  marketing: true,
  preferences: true,
};
/** 'Necessary Only' on the banner, 'Reject All' on the cookie page, and the default. */
export const NECESSARY_ONLY: CookieChoice = {
  necessary: true,
  analytics: false,
  marketing: false,
  preferences: false,
};

/** Necessary cookies cannot be refused (the server rejects necessary: false). */
export function toChoice(flags: Partial<CookieChoice> | null | undefined): CookieChoice {
  return {
    necessary: true,
    analytics: flags?.analytics === true,
    marketing: flags?.marketing === true,
    preferences: flags?.preferences === true,
  };
}

/**
 * TanStack Query key whose parts, joined with '/', are the GET path (the default fetch, docs/product.md#api-conventions):
 * /api/legal/cookie-preferences/{sessionId}?type=session. The answer is the record or null.
 */
export function cookiePreferencesQueryKey(sessionId: string) {
  return [COOKIE_PREFERENCES_PATH, `${encodeURIComponent(sessionId)}?type=session`] as const;
}

/**
 * A save waits at most this long: on a stalled mobile connection the browser can wait minutes, and
 * the visitor would be stuck with disabled buttons (the banner covers the bottom of the screen).
 */
export const SAVE_TIMEOUT_MS = 15_000;

/** POST the choice; resolves with the stored record, rejects on a non-OK answer, network error or timeout. */
export async function saveCookiePreferences(
  sessionId: string,
  choice: CookieChoice,
  timeoutMs: number = SAVE_TIMEOUT_MS,
): Promise<CookiePreferencesResponse> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`No answer within ${timeoutMs} ms`)), timeoutMs);
  try {
    const body: CookiePreferencesRequest = { sessionId, ...toChoice(choice) };
    return await apiFetch<CookiePreferencesResponse>(COOKIE_PREFERENCES_PATH, {
      method: 'POST',
      body,
      signal: controller.signal,
    });
  } finally {
    clearTimeout(timer);
  }
}
