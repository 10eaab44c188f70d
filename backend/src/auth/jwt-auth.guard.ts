import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import type { DataSource } from 'typeorm';
import { type PreparedStatement, queryPrepared } from '../common';
import { User } from '../users';
import { TokenService } from './token.service';

export const NOT_SIGNED_IN = 'You are not signed in. Please sign in to continue.';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type AuthedRequest = Request & { user?: User };

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

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw new UnauthorizedException(NOT_SIGNED_IN);
    const payload = await this.tokens.verify(match[1]);
    if (!payload || !UUID.test(payload.sub)) throw new UnauthorizedException(SESSION_ENDED);
    const user = await this.userHolding(payload.sub, payload.tokenVersion);
    if (!user) throw new UnauthorizedException(SESSION_ENDED);
    request.user = user;
    return true;
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
