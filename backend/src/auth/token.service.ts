import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { User } from '../users';

/** Token versions are PostgreSQL integers (token_version): anything else names no session. */
function isTokenVersion(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 2_147_483_647;
}

export interface TokenPayload {
  sub: string;
  tokenVersion: number;
}

/** The `purpose` claim of a two-factor challenge. A bearer token has no purpose claim at all. */
export const TWO_FACTOR_PURPOSE = 'two-factor';
/** How long the second sign-in step may take. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 5 * 60;

interface SignedPayload extends Partial<TokenPayload> {
  purpose?: unknown;
}

/**
 * Signs and verifies the bearer tokens (HS256 with config.jwtSecret, 30 days) and the two-factor
 * challenges (same key, `purpose: 'two-factor'`, 5 minutes). Each verify refuses the other kind:
 * a challenge (the password alone) must never open a session, and a session token must never
 * stand in for a challenge.
 */
@Injectable()
export class TokenService {
  constructor(private readonly jwt: JwtService) {}

  sign(user: Pick<User, 'id' | 'tokenVersion'>): Promise<string> {
    const payload: TokenPayload = { sub: user.id, tokenVersion: user.tokenVersion };
    return this.jwt.signAsync(payload);
  }

  /** The payload of a bearer token, or null when it is malformed, forged, expired or a challenge. */
  async verify(token: string): Promise<TokenPayload | null> {
    const payload = await this.decode(token);
    return payload && payload.purpose === undefined
      ? { sub: payload.sub, tokenVersion: payload.tokenVersion }
      : null;
  }

  /** A challenge for the second sign-in step, and when it expires. */
  async signChallenge(
    user: Pick<User, 'id' | 'tokenVersion'>,
  ): Promise<{ challenge: string; expiresAt: Date }> {
    const challenge = await this.jwt.signAsync(
      { sub: user.id, tokenVersion: user.tokenVersion, purpose: TWO_FACTOR_PURPOSE },
      { expiresIn: TWO_FACTOR_CHALLENGE_SECONDS },
    );
    const { exp } = this.jwt.decode<{ exp: number }>(challenge);
    return { challenge, expiresAt: new Date(exp * 1000) };
  }

  /** The payload of a two-factor challenge, or null (malformed, forged, expired, or a bearer token). */
  async verifyChallenge(challenge: string): Promise<TokenPayload | null> {
    const payload = await this.decode(challenge);
    return payload && payload.purpose === TWO_FACTOR_PURPOSE
      ? { sub: payload.sub, tokenVersion: payload.tokenVersion }
      : null;
  }

  private async decode(token: string): Promise<(TokenPayload & { purpose?: unknown }) | null> {
    try {
      const payload = await this.jwt.verifyAsync<SignedPayload>(token, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || !isTokenVersion(payload.tokenVersion)) return null;
      return { sub: payload.sub, tokenVersion: payload.tokenVersion, purpose: payload.purpose };
    } catch {
      return null;
    }
  }
}
