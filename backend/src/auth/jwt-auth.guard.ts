import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import type { Request } from 'express';
import { type User, UsersService } from '../users';
import { TokenService } from './token.service';

export const NOT_SIGNED_IN = 'You are not signed in. Please sign in to continue.';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type AuthedRequest = Request & { user?: User };

/**
 * Bearer token → the current user. The token's version must equal the user's current one, so a
 * logout or password change revokes every token issued before it (401).
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenService,
    private readonly users: UsersService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw new UnauthorizedException(NOT_SIGNED_IN);
    const payload = await this.tokens.verify(match[1]);
    if (!payload || !UUID.test(payload.sub)) throw new UnauthorizedException(SESSION_ENDED);
    const user = await this.users.findById(payload.sub);
    if (!user || user.tokenVersion !== payload.tokenVersion) throw new UnauthorizedException(SESSION_ENDED);
    request.user = user;
    return true;
  }
}

/** The user the guard authenticated. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): User =>
    context.switchToHttp().getRequest<AuthedRequest>().user!,
);
