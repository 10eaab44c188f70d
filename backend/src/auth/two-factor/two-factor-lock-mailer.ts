import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config';
import { MailService } from '../../mail/mail.service';
import { twoFactorLockedNotice } from '../security-notices';
import { siteLink } from '../../mail/mail-site';
import { UsersService } from '../../users';
import { unlockPath } from './two-factor-lock';

/** Tells the owner their second factor just locked, with the unlock link (two-factor-lock.ts). */
@Injectable()
export class TwoFactorLockMailer {
  private readonly logger = new Logger(TwoFactorLockMailer.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly mail: MailService,
  ) {}

  /**
   * The lock is already in force: an account without an e-mail, or a mail that cannot be sent,
   * is logged for the operator and leaves the lock to end by itself.
   */
  async send(userId: string, unlockToken: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user?.email) {
      this.logger.warn(
        `Two-factor sign-in of user ${userId} locked; no e-mail address to send the unlock link to.`,
      );
      return;
    }
    const site = { appName: this.config.appName, publicUrl: this.config.publicUrl };
    const notice = twoFactorLockedNotice(site, {
      username: user.username,
      failures: this.config.twoFactorLock.maxFailures,
      lockMinutes: Math.round(this.config.twoFactorLock.lockMs / 60_000),
      unlockUrl: siteLink(site, unlockPath(unlockToken)),
    });
    try {
      await this.mail.send({ to: user.email, ...notice });
    } catch (error) {
      this.logger.error(
        `The two-factor lock notice of user ${userId} could not be sent: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
