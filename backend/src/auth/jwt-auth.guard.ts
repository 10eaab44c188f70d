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
import { ApiException, BatchWhileBusy, type PreparedStatement, queryPrepared } from '../common';
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

/**
 * The users whose current token version is the given one ($1 ids, $2 versions, pairwise): one
 * statement for every request waiting while the previous one ran (BatchWhileBusy).
 */
const USERS_HOLDING_TOKEN_VERSIONS: PreparedStatement = {
  name: 'auth_users_holding_token_versions',
  text: `SELECT u."id", u."username", u."email", u."admin_name", u."token_version", u."created_at", u."updated_at"
         FROM unnest($1::uuid[], $2::int[]) AS t("id", "version")
         JOIN "users" u ON u."id" = t."id" AND u."token_version" = t."version"`,
};

/** Lookups batched together while two are running; idle, each runs alone at once. */
const LOOKUPS_IN_FLIGHT = 2;
const LOOKUP_BATCH = 500;

interface UserRow {
  id: string;
  username: string;
  email: string | null;
  admin_name: string | null;
  token_version: number;
  created_at: Date;
  updated_at: Date;
}

/**
 * Bearer token → the current user. The token's version must equal the user's current one, so a
 * logout or password change revokes every token issued before it (401). Checked against the
 * database on every request (no cache, so a logout takes effect at once), in one prepared
 * statement. Under a burst, the requests that arrive while lookups are running share the next
 * one (BatchWhileBusy): still a read that started after the request came, one round trip for
 * hundreds of requests (bench/chat-send).
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  private readonly lookups = new BatchWhileBusy<{ id: string; tokenVersion: number }, User | null>(
    (keys) => this.usersHolding(keys),
    { maxInFlight: LOOKUPS_IN_FLIGHT, maxBatch: LOOKUP_BATCH },
  );

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
  private userHolding(id: string, tokenVersion: number): Promise<User | null> {
    // PostgreSQL writes uuids in lower case: the batch's answers are matched on that spelling.
    return this.lookups.load({ id: id.toLowerCase(), tokenVersion });
  }

  /** For each (id, version), the user while it is their current version, else null. */
  private async usersHolding(keys: Array<{ id: string; tokenVersion: number }>): Promise<Array<User | null>> {
    const rows = await queryPrepared<UserRow>(this.dataSource, USERS_HOLDING_TOKEN_VERSIONS, [
      keys.map((key) => key.id),
      keys.map((key) => key.tokenVersion),
    ]);
    const byKey = new Map(rows.map((row) => [`${row.id}:${row.token_version}`, row]));
    return keys.map((key) => {
      const row = byKey.get(`${key.id}:${key.tokenVersion}`);
      if (!row) return null;
      // A User of its own per request: handlers may not share one object.
      return Object.assign(new User(), {
        id: row.id,
        username: row.username,
        email: row.email,
        adminName: row.admin_name,
        tokenVersion: row.token_version,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      });
    });
  }
}

/** The user the guard authenticated. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): User =>
    context.switchToHttp().getRequest<AuthedRequest>().user!,
);
