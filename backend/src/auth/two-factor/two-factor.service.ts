import { Inject, Injectable } from '@nestjs/common';
import {
  type TwoFactorBackupCodesResponse,
  type TwoFactorDisabledResponse,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
  TOTP_CODE_PATTERN,
} from '@kasa/contracts';
import { toString as qrCodeToString } from 'qrcode';
import { CLOCK, type Clock } from '../../common';
import { APP_CONFIG, type AppConfig } from '../../config';
import type { User } from '../../users';
import { rateLimitAddress } from '../client-address';
import { RateLimitService, usernameFrom } from '../rate-limit.service';
import { backupCodeHash, generateBackupCodes, normalizeBackupCode } from './backup-codes';
import { SecretBox } from './secret-box';
import { newTotpSecret, totpStep, totpUrl } from './totp';
import { newUnlockToken, TwoFactorLockedException, unlockTokenHash } from './two-factor-lock';
import {
  ALREADY_ENABLED_AT_CONFIRM,
  alreadyEnabled,
  codeWrong,
  notEnabled,
  SETUP_REPLACED,
  setupMissing,
  TOTP_NEEDED,
} from './two-factor.errors';
import { TwoFactorLockMailer } from './two-factor-lock-mailer';
import {
  type LockedTwoFactorAccount,
  type LockedTwoFactorRow,
  TwoFactorRepository,
} from './two-factor.repository';

export const TWO_FACTOR_ON =
  'Two-factor sign-in is on. Keep these backup codes somewhere safe: each works once, and they will not be shown again.';
export const TWO_FACTOR_OFF = 'Two-factor sign-in is off.';
export const BACKUP_CODES_RENEWED =
  'Here are your new backup codes; the old ones no longer work. Keep them somewhere safe: they will not be shown again.';
/** What one code check under the account's lock came to. */
type CodeCheck =
  | { outcome: 'right' | 'wrong' }
  | { outcome: 'locked'; until: Date }
  | { outcome: 'locked-now'; unlockToken: string };

/**
 * TOTP two-factor sign-in: setup (a pending secret), confirm (first code turns it on and gives
 * the backup codes), disable, renewing the backup codes, and checking a code for sign-in or for
 * another module (account deletion). A TOTP step is accepted once; a backup code once.
 * Wrong codes on these signed-in routes answer 400, never 401 (a 401 means the session ended).
 * Every check of an enabled second factor counts towards its lock (two-factor-lock.ts).
 */
@Injectable()
export class TwoFactorService {
  private readonly box: SecretBox;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly repository: TwoFactorRepository,
    private readonly rateLimit: RateLimitService,
    private readonly lockMailer: TwoFactorLockMailer,
  ) {
    this.box = new SecretBox(config.jwtSecret, 'two-factor-secret');
  }

  isEnabled(userId: string): Promise<boolean> {
    return this.repository.isEnabled(userId);
  }

  async status(userId: string): Promise<TwoFactorStatus> {
    const row = await this.repository.find(userId);
    if (!row?.enabledAt) return { enabled: false, enabledAt: null, backupCodesLeft: 0 };
    return {
      enabled: true,
      enabledAt: row.enabledAt.toISOString(),
      backupCodesLeft: await this.repository.unusedBackupCodes(userId),
    };
  }

  async setup(user: Pick<User, 'id' | 'username'>): Promise<TwoFactorSetupResponse> {
    const secret = newTotpSecret();
    if (!(await this.repository.savePending(user.id, this.box.seal(secret)))) throw alreadyEnabled();
    const issuer = this.config.appName;
    const otpauthUrl = totpUrl(secret, issuer, user.username);
    const qrCodeSvg = await qrCodeToString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, otpauthUrl, qrCodeSvg, issuer, accountName: user.username };
  }

  /**
   * A code typed on a signed-in route counts against the same limits as a sign-in (per address,
   * per username from it): a stolen token must not let anyone try codes without end.
   */
  private async countAttempt(user: Pick<User, 'username'>, ip: string): Promise<void> {
    const address = rateLimitAddress(ip);
    await this.rateLimit.hit('loginPerIp', address);
    await this.rateLimit.hit('loginPerUsernameIp', usernameFrom(address, user.username));
  }

  async confirm(
    user: Pick<User, 'id' | 'username'>,
    code: string,
    ip: string,
  ): Promise<TwoFactorBackupCodesResponse> {
    const userId = user.id;
    await this.countAttempt(user, ip);
    const row = await this.repository.find(userId);
    if (row?.enabledAt) throw alreadyEnabled(ALREADY_ENABLED_AT_CONFIRM);
    if (!row?.pendingSecretEncrypted) throw setupMissing();
    const step = TOTP_CODE_PATTERN.test(code)
      ? totpStep(this.box.open(row.pendingSecretEncrypted), code, this.clock.now())
      : null;
    if (step === null)
      throw codeWrong('That code is not correct. Enter the 6-digit code your authenticator app shows now.');
    const backupCodes = generateBackupCodes();
    const enabledAt = await this.repository.enable(
      userId,
      row.pendingSecretEncrypted,
      step,
      backupCodes.map((backupCode) => this.hashBackupCode(userId, backupCode)),
    );
    // Another request confirmed (or restarted the setup) in between: nothing changed here.
    if (!enabledAt) throw setupMissing(SETUP_REPLACED);
    return {
      ok: true,
      message: TWO_FACTOR_ON,
      backupCodes,
      twoFactor: { enabled: true, enabledAt: enabledAt.toISOString(), backupCodesLeft: backupCodes.length },
    };
  }

  async disable(
    user: Pick<User, 'id' | 'username'>,
    code: string,
    ip: string,
  ): Promise<TwoFactorDisabledResponse> {
    const userId = user.id;
    await this.countAttempt(user, ip);
    if (!(await this.isEnabled(userId))) throw notEnabled();
    if (!(await this.verifyAnyCode(userId, code))) throw codeWrong();
    await this.repository.disable(userId);
    return {
      ok: true,
      message: TWO_FACTOR_OFF,
      twoFactor: { enabled: false, enabledAt: null, backupCodesLeft: 0 },
    };
  }

  /** A new set of backup codes (the old ones stop working); needs a TOTP code, not a backup code. */
  async renewBackupCodes(
    user: Pick<User, 'id' | 'username'>,
    code: string,
    ip: string,
  ): Promise<TwoFactorBackupCodesResponse> {
    const userId = user.id;
    await this.countAttempt(user, ip);
    if (!(await this.isEnabled(userId))) throw notEnabled();
    if (!TOTP_CODE_PATTERN.test(code)) throw codeWrong(TOTP_NEEDED);
    if (!(await this.verifyCode(userId, code, { totpOnly: true }))) throw codeWrong();
    const backupCodes = generateBackupCodes();
    await this.repository.replaceBackupCodes(
      userId,
      backupCodes.map((backupCode) => this.hashBackupCode(userId, backupCode)),
    );
    return {
      ok: true,
      message: BACKUP_CODES_RENEWED,
      backupCodes,
      twoFactor: await this.status(userId),
    };
  }

  /**
   * A 6-digit TOTP code or a backup code of this user, consumed if right (a TOTP step and a
   * backup code each work once). False when wrong, already used, malformed, or 2FA is off.
   * Throws TwoFactorLockedException (429) while too many wrong codes lock the account.
   * Per-address rate limiting is the caller's job (it knows the client address).
   */
  verifyAnyCode(userId: string, code: string): Promise<boolean> {
    return this.verifyCode(userId, code, { totpOnly: false });
  }

  /**
   * The lock link e-mailed to the owner: whether it still opens a lock (the page asks before it
   * acts, since mail scanners open links), and unlocking it, once.
   */
  isUnlockable(token: string): Promise<boolean> {
    return this.repository.isUnlockable(unlockTokenHash(this.config.jwtSecret, token), this.clock.now());
  }

  unlock(token: string): Promise<boolean> {
    return this.repository.unlock(unlockTokenHash(this.config.jwtSecret, token), this.clock.now());
  }

  private async verifyCode(userId: string, code: string, options: { totpOnly: boolean }): Promise<boolean> {
    const trimmed = code.trim();
    const check = await this.repository.underAccountLock(userId, (row, account) =>
      this.checkUnderLock(userId, row, account, trimmed, options),
    );
    switch (check.outcome) {
      case 'right':
        return true;
      case 'wrong':
        return false;
      case 'locked':
        throw new TwoFactorLockedException((check.until.getTime() - this.clock.now().getTime()) / 1000);
      case 'locked-now':
        await this.lockMailer.send(userId, check.unlockToken);
        return false;
    }
  }

  /** One code against the account whose row lock the caller holds, and what it does to the count. */
  private async checkUnderLock(
    userId: string,
    row: LockedTwoFactorRow | null,
    account: LockedTwoFactorAccount,
    code: string,
    options: { totpOnly: boolean },
  ): Promise<CodeCheck> {
    if (!row?.enabledAt || !row.secretEncrypted) return { outcome: 'wrong' };
    const now = this.clock.now();
    if (row.lockedUntil && row.lockedUntil > now) return { outcome: 'locked', until: row.lockedUntil };
    if (await this.consume(userId, row.secretEncrypted, account, code, now, options)) {
      if (row.failedAttempts > 0 || row.lockedUntil) await account.clearFailures();
      return { outcome: 'right' };
    }
    // A lock that ended by itself starts a new count.
    const failures = (row.lockedUntil ? 0 : row.failedAttempts) + 1;
    const { maxFailures, lockMs } = this.config.twoFactorLock;
    if (failures < maxFailures) {
      await account.countFailure(failures);
      return { outcome: 'wrong' };
    }
    const unlockToken = newUnlockToken();
    await account.lock(new Date(now.getTime() + lockMs), unlockTokenHash(this.config.jwtSecret, unlockToken));
    return { outcome: 'locked-now', unlockToken };
  }

  /** Spends the code if it is right: a TOTP step newer than the last one used, or an unused backup code. */
  private async consume(
    userId: string,
    sealedSecret: string,
    account: LockedTwoFactorAccount,
    code: string,
    now: Date,
    options: { totpOnly: boolean },
  ): Promise<boolean> {
    if (TOTP_CODE_PATTERN.test(code)) {
      const step = totpStep(this.box.open(sealedSecret), code, now);
      return step !== null && account.useStep(step);
    }
    const backupCode = options.totpOnly ? null : normalizeBackupCode(code);
    return (
      backupCode !== null && account.useBackupCode(backupCodeHash(this.config.jwtSecret, userId, backupCode))
    );
  }

  private hashBackupCode(userId: string, backupCode: string): string {
    return backupCodeHash(this.config.jwtSecret, userId, normalizeBackupCode(backupCode)!);
  }
}
