import { COOKIE_SESSION_STORAGE_KEY } from '@kasa/contracts';

/**
 * The cookie choice's sessionId (docs/product.md#cookie-consent) is a random UUID generated in the browser, fresh on
 * each page load. It lives in module scope so the banner and the cookie legal page post and read
 * under the same id during one load; a reload evaluates this module again and draws a new one.
 */

/** The parts of Web Crypto this needs: randomUUID is missing on older browsers and on plain http. */
export type RandomSource = Partial<Pick<Crypto, 'randomUUID' | 'getRandomValues'>>;

/** A version 4 UUID built from 16 random bytes (RFC 9562 §5.4). */
export function uuidFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new RangeError('a UUID needs exactly 16 bytes');
  const b = Uint8Array.from(bytes);
  b[6] = (b[6] & 0x0f) | 0x40; // version 4
  b[8] = (b[8] & 0x3f) | 0x80; // RFC variant
  const hex = Array.from(b, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function randomSessionId(source: RandomSource | undefined = globalThis.crypto): string {
  if (typeof source?.randomUUID === 'function') return source.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof source?.getRandomValues === 'function') {
    source.getRandomValues(bytes);
  } else {
    // No Web Crypto at all (pre-2014 browsers): the id only keys a cookie choice, it guards
    // nothing, so a weaker source is better than a shell that fails to start.
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  }
  return uuidFromBytes(bytes);
}

/** This page load's id, also left in sessionStorage for the account page's Export Data. */
export const cookieSessionId: string = randomSessionId();
try {
  sessionStorage.setItem(COOKIE_SESSION_STORAGE_KEY, cookieSessionId);
} catch {
  // Storage blocked (private mode, policies): the export then simply has no cookie choices.
}
