import { randomBytes } from 'node:crypto';
import type { CookieOptions } from 'express';
import { STATE_TTL_SECONDS } from './oauth-state';

/** Where Google sends the consent popup back (GoogleDriveController.callback). */
export const CALLBACK_PATH = '/api/enhancements/google-drive/callback';

const COOKIE_PREFIX = 'kasa_drive_';

/**
 * The browser binding of a consent: a random value set as a cookie by `GET auth-url` (the app's
 * own fetch, so only the browser of the signed-in user who asked gets it) and required by the
 * callback, whose state holds its hash (oauth-state.ts). A consent link opened in anyone else's
 * browser arrives without it, and connects nothing. One cookie per consent (named by the state's
 * nonce), so two tabs' dialogs do not undo each other.
 */
export const newBinding = (): string => randomBytes(32).toString('base64url');

export const bindingCookieName = (nonce: string): string => `${COOKIE_PREFIX}${nonce}`;

/**
 * HttpOnly (no script reads it), sent only to the callback path, and SameSite=Lax: Google's
 * redirect is a top-level GET navigation, which Lax lets through. Secure when the callback is on
 * https (a browser drops a Secure cookie set over plain http, as in development).
 */
export function bindingCookieOptions(publicOrigin: string): CookieOptions {
  return {
    httpOnly: true,
    secure: publicOrigin.startsWith('https:'),
    sameSite: 'lax',
    path: CALLBACK_PATH,
    maxAge: STATE_TTL_SECONDS * 1000,
  };
}

/** The binding cookies a request carries, by the nonce their name holds. */
export function readBindingCookies(header: string | undefined): Map<string, string> {
  const bindings = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const equals = part.indexOf('=');
    if (equals < 0) continue;
    const name = part.slice(0, equals).trim();
    if (name.startsWith(COOKIE_PREFIX))
      bindings.set(name.slice(COOKIE_PREFIX.length), part.slice(equals + 1).trim());
  }
  return bindings;
}
