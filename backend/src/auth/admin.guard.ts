import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { User } from '../users';
import { adminOnly } from './auth.errors';
import { Admins } from './admins';

/**
 * After JwtAuthGuard (which answers the 401s): the signed-in account must be an administrator
 * (Admins: bound to a name ADMIN_USERNAMES lists), else 403 AUTH_ADMIN_ONLY. `@UseGuards(JwtAuthGuard, AdminGuard)`.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly admins: Admins) {}

  canActivate(context: ExecutionContext): boolean {
    const { user } = context.switchToHttp().getRequest<Request & { user?: User }>();
    if (!this.admins.isAdmin(user)) throw adminOnly();
    return true;
  }
}
