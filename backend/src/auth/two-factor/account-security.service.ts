import { Injectable } from '@nestjs/common';
import type { AccountSecurity } from '@kasa/contracts';
import { UsersService } from '../../users';
import { sessionEnded } from '../auth.errors';
import { TwoFactorService } from './two-factor.service';

/** GET /api/auth/security: the password's real 'last changed' date and the two-factor status. */
@Injectable()
export class AccountSecurityService {
  constructor(
    private readonly users: UsersService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  async of(userId: string): Promise<AccountSecurity> {
    const [user, twoFactor] = await Promise.all([this.users.findById(userId), this.twoFactor.status(userId)]);
    // The guard just found this user: only an account deletion racing this request gets here.
    if (!user) throw sessionEnded();
    return { passwordChangedAt: user.passwordChangedAt.toISOString(), twoFactor };
  }
}
