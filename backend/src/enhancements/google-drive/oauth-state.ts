import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { deriveKey } from './token-cipher';

/** How long the consent popup may stay open before its `state` is refused. */
export const STATE_TTL_SECONDS = 10 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHA256_BASE64URL = /^[\w-]{43}$/;

export interface OAuthState {
  userId: string;
  nonce: string;
  expiresAt: number;
  /** SHA-256 (base64url) of the browser binding the consent was given to (oauth-binding.ts). */
  bindingHash: string;
}

export const hashBinding = (binding: string): string =>
  createHash('sha256').update(binding, 'utf8').digest('base64url');

/**
 * The OAuth `state`: the user who asked for the consent URL, a nonce (kept in the database until
 * the callback uses it: single use), an expiry and the hash of the browser binding (a random value
 * only the browser that asked holds, in a cookie), signed with HMAC-SHA256 under a key derived from
 * the JWT secret. The callback carries no bearer token (it is the popup's navigation from Google),
 * so this signature is what says whose Drive is being connected, and stops a forged or altered
 * state (another user's id) from landing tokens on another account; the binding stops a genuine
 * state from being completed in another person's browser.
 */
export class OAuthStateSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = deriveKey(secret, 'google-drive-oauth-state');
  }

  issue(
    userId: string,
    binding: string,
    nowSeconds: number,
  ): { state: string; nonce: string; expiresAt: number } {
    const nonce = randomBytes(16).toString('hex');
    const expiresAt = nowSeconds + STATE_TTL_SECONDS;
    const payload = Buffer.from(`${userId}.${nonce}.${expiresAt}.${hashBinding(binding)}`, 'utf8').toString(
      'base64url',
    );
    return { state: `${payload}.${this.sign(payload)}`, nonce, expiresAt };
  }

  /** The state's content when its signature holds and it has not expired; null otherwise. */
  verify(state: string, nowSeconds: number): OAuthState | null {
    const [payload, signature, extra] = state.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(payload), 'base64url');
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const [userId, nonce, expires, bindingHash, rest] = Buffer.from(payload, 'base64url')
      .toString('utf8')
      .split('.');
    const expiresAt = Number(expires);
    if (
      rest !== undefined ||
      !UUID.test(userId ?? '') ||
      !/^[0-9a-f]{32}$/.test(nonce ?? '') ||
      !Number.isInteger(expiresAt) ||
      !SHA256_BASE64URL.test(bindingHash ?? '')
    )
      return null;
    if (expiresAt <= nowSeconds) return null;
    return { userId, nonce, expiresAt, bindingHash };
  }

  /** Whether `binding` (the callback request's cookie) is the one the state was issued for. */
  static bindingMatches(state: OAuthState, binding: string | undefined): boolean {
    if (!binding) return false;
    const given = Buffer.from(hashBinding(binding), 'base64url');
    const expected = Buffer.from(state.bindingHash, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
