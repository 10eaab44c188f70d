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

/** Signs and verifies the bearer tokens (HS256 with config.jwtSecret, 30 days). */
@Injectable()
export class TokenService {
  constructor(private readonly jwt: JwtService) {}

  sign(user: Pick<User, 'id' | 'tokenVersion'>): Promise<string> {
    const payload: TokenPayload = { sub: user.id, tokenVersion: user.tokenVersion };
    return this.jwt.signAsync(payload);
  }

  /** The payload, or null when the token is malformed, forged or expired. */
  async verify(token: string): Promise<TokenPayload | null> {
    try {
      const payload = await this.jwt.verifyAsync<Partial<TokenPayload>>(token, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || !isTokenVersion(payload.tokenVersion)) return null;
      return { sub: payload.sub, tokenVersion: payload.tokenVersion };
    } catch {
      return null;
    }
  }
}
