import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { LANGUAGE_TOOL_PATH } from '@kasa/contracts';
import { APP_CONFIG, type AppConfig } from '../../config';

/**
 * Links run for a whole hour past the current one: the same entry gets the same link for an hour,
 * so the browser caches its audio, and a link always has at least an hour to live.
 */
const LINK_WINDOW_SECONDS = 3600;

export type AudioLinkCheck = { ok: true } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Signed links to a dictionary entry's audio (GET …/audio/:entryId?expires=&sig=): an <audio>
 * element sends no bearer token, so the signature is the permission. The key is derived from
 * JWT_SECRET with a label of its own, so an audio link never passes as a file link or a token.
 */
@Injectable()
export class AudioLinks {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = createHmac('sha256', config.jwtSecret).update('kasa dictionary audio v1').digest();
  }

  sign(entryId: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
    const expires = (Math.floor(nowSeconds / LINK_WINDOW_SECONDS) + 2) * LINK_WINDOW_SECONDS;
    const sig = this.signature(entryId, expires).toString('base64url');
    return `${LANGUAGE_TOOL_PATH}/audio/${entryId}?expires=${expires}&sig=${sig}`;
  }

  /** The signature first (constant time), then the expiry: a forged link learns only "invalid". */
  check(
    entryId: string,
    expires: string,
    sig: string,
    nowSeconds = Math.floor(Date.now() / 1000),
  ): AudioLinkCheck {
    const expiresAt = Number(expires);
    if (!Number.isSafeInteger(expiresAt)) return { ok: false, reason: 'invalid' };
    const expected = this.signature(entryId, expiresAt);
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, reason: 'invalid' };
    return expiresAt <= nowSeconds ? { ok: false, reason: 'expired' } : { ok: true };
  }

  private signature(entryId: string, expires: number): Buffer {
    return createHmac('sha256', this.key).update(`${entryId.toLowerCase()}\n${expires}`).digest();
  }
}
