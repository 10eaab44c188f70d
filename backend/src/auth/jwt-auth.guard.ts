import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { BatchWhileBusy } from '../common';
import { keepNoStore } from '../common/no-store';
import { type User, UsersRepository } from '../users';
import { notSignedIn, sessionEnded } from './auth.errors';
import { TokenService } from './token.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type AuthedRequest = Request & { user?: User };

function bearerToken(request: Request): string | null {
  const header = request.headers.authorization;
  return (typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined) ?? null;
}

/** Lookups batched together while two are running; idle, each runs alone at once. */
const LOOKUPS_IN_FLIGHT = 2;
const LOOKUP_BATCH = 500;

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
    (keys) => this.users.usersHoldingTokenVersions(keys),
    { maxInFlight: LOOKUPS_IN_FLIGHT, maxBatch: LOOKUP_BATCH },
  );

  constructor(
    private readonly tokens: TokenService,
    private readonly users: UsersRepository,
  ) {}

  /** A guarded answer is private: no-store, whatever the route sends (see common/no-store.ts). */
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    keepNoStore(http.getResponse<Response>());
    const request = http.getRequest<AuthedRequest>();
    const token = bearerToken(request);
    if (!token) throw notSignedIn();
    const user = await this.userOfToken(token);
    if (!user) throw sessionEnded();
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
}

/** The user the guard authenticated. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): User =>
    context.switchToHttp().getRequest<AuthedRequest>().user!,
);
