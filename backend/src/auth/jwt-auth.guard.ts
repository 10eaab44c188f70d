import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  HttpStatus,
  Injectable,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import { ApiException, type PreparedStatement, queryPrepared } from '../common';
import { keepNoStore } from '../common/no-store';
import { User } from '../users';
import { TokenService } from './token.service';

export const NOT_SIGNED_IN = 'You are not signed in. Please sign in to continue.';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type AuthedRequest = Request & { user?: User };

function bearerToken(request: Request): string | null {
  const header = request.headers.authorization;
  return (typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined) ?? null;
}

/** The user, only while the token's version is still their current one. */
const USER_HOLDING_TOKEN_VERSION: PreparedStatement = {
  name: 'auth_user_holding_token_version',
  text: `SELECT "id", "username", "email", "token_version", "created_at", "updated_at"
         FROM "users" WHERE "id" = $1 AND "token_version" = $2`,
};

interface UserRow {
  id: string;
  username: string;
  email: string | null;
  token_version: number;
  created_at: Date;
  updated_at: Date;
}

/**
 * Bearer token → the current user. The token's version must equal the user's current one, so a
 * logout or password change revokes every token issued before it (401). Checked against the
 * database on every request (no cache, so a logout takes effect at once), in one prepared
 * statement: every authenticated call pays for it.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** A guarded answer is private: no-store, whatever the route sends (see common/no-store.ts). */
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    keepNoStore(http.getResponse<Response>());
    const request = http.getRequest<AuthedRequest>();
    const token = bearerToken(request);
    if (!token) throw new ApiException(HttpStatus.UNAUTHORIZED, 'AUTH_NOT_SIGNED_IN', NOT_SIGNED_IN);
    const user = await this.userOfToken(token);
    if (!user) throw new ApiException(HttpStatus.UNAUTHORIZED, 'AUTH_SESSION_ENDED', SESSION_ENDED);
    request.user = user;
    return true;
  }

  /** For public routes that show more to a signed-in caller: the user, or null (never a 401). */
  async optionalUser(request: Request): Promise<User | null> {
    const token = bearerToken(request);
    return token ? this.userOfToken(token) : null;
  }

  private async userOfToken(token: string): Promise<User | null> {
    const payload = await this.tokens.verify(token);
    if (!payload || !UUID.test(payload.sub)) return null;
    return this.userHolding(payload.sub, payload.tokenVersion);
  }

  /** The user, only while `tokenVersion` is still their current token version. */
  private async userHolding(id: string, tokenVersion: number): Promise<User | null> {
    const [row] = await queryPrepared<UserRow>(this.dataSource, USER_HOLDING_TOKEN_VERSION, [
      id,
      tokenVersion,
    ]);
    if (!row) return null;
    return Object.assign(new User(), {
      id: row.id,
      username: row.username,
      email: row.email,
      tokenVersion: row.token_version,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    });
  }
}

/** The user the guard authenticated. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): User =>
    context.switchToHttp().getRequest<AuthedRequest>().user!,
);
