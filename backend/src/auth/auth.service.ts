import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type {
  AuthResponse,
  AuthUser,
  ForgotPasswordResponse,
  LoginResponse,
  OkResponse,
  TwoFactorChallengeResponse,
} from '@kasa/contracts';
import { hash, verify, argon2id } from 'argon2';
import { CLOCK, type Clock } from '../common';
import { APP_CONFIG, type AppConfig } from '../config';
import { MailService } from '../mail/mail.service';
import { emailChangedNotice } from './security-notices';
import { normalizeUsername, toAuthUser, type User, UsersService } from '../users';
import type {
  ChangePasswordDto,
  ForgotPasswordDto,
  LoginDto,
  RegisterDto,
  ResetPasswordDto,
  UpdateProfileDto,
} from './auth.dto';
import {
  currentPasswordRequired,
  invalidCredentials,
  NO_EMAIL_ON_ACCOUNT,
  resetCodeExpired,
  resetCodeLocked,
  resetCodeWrong,
  TWO_FACTOR_PROMPT,
  twoFactorChallengeExpired,
  twoFactorCodeRequired,
  twoFactorCodeWrong,
  usernameNotFound,
  wrongCurrentPassword,
} from './auth.errors';
import { Admins } from './admins';
import { rateLimitAddress } from './client-address';
import { PasswordResetCodesRepository } from './password-reset-codes.repository';
import { RateLimitService, usernameFrom } from './rate-limit.service';
import { TokenService } from './token.service';
import type { TwoFactorLoginDto } from './two-factor/two-factor.dto';
import { TwoFactorService } from './two-factor/two-factor.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const RESET_CODE_TTL_MS = 15 * 60_000;
export const RESET_CODE_MAX_TRIES = 5;

/** argon2id (RFC 9106 second recommended option: 64 MiB, t=3, p=4). */
const ARGON2_OPTIONS = { type: argon2id, memoryCost: 65536, timeCost: 3, parallelism: 4 } as const;

export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * Rate limits (see AuthRateLimits): per address first (a sprayer is stopped before it uses up
 * anything shared), then everyone together, then per username. Every per-username key is the
 * normalised username, the same form the lookup uses, so no spelling of a name opens a fresh
 * bucket for its account.
 */
@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);
  /** Verified against when the username is unknown, so both cases take the same time. */
  private dummyHash?: Promise<string>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly tokens: TokenService,
    private readonly mail: MailService,
    private readonly rateLimit: RateLimitService,
    private readonly twoFactor: TwoFactorService,
    private readonly admins: Admins,
    private readonly resetCodes: PasswordResetCodesRepository,
  ) {}

  private hashPassword(password: string): Promise<string> {
    return hash(password, ARGON2_OPTIONS);
  }

  private async verifyPassword(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  private async respond(user: User): Promise<AuthResponse> {
    return { token: await this.tokens.sign(user), user: toAuthUser(user) };
  }

  async register(dto: RegisterDto, ip: string): Promise<AuthResponse> {
    await this.rateLimit.hit('registerPerIp', rateLimitAddress(ip));
    const passwordHash = await this.hashPassword(dto.password);
    const user = await this.users.create({ username: dto.username, email: dto.email ?? null, passwordHash });
    await this.admins.claim(user);
    return this.respond(user);
  }

  /**
   * The lockout counts one username from one address, so a stranger elsewhere cannot lock the
   * owner out; across all addresses the username is only slowed down.
   */
  async login(dto: LoginDto, ip: string): Promise<LoginResponse> {
    const address = rateLimitAddress(ip);
    await this.rateLimit.hit('loginPerIp', address);
    await this.rateLimit.hit('loginPerUsernameIp', usernameFrom(address, dto.username));
    await this.rateLimit.slowDown('loginPerUsername', normalizeUsername(dto.username));
    const user = await this.users.findByUsername(dto.username, true);
    if (!user) {
      this.dummyHash ??= this.hashPassword('not-a-real-password');
      await this.verifyPassword(await this.dummyHash, dto.password);
      throw invalidCredentials();
    }
    if (!(await this.verifyPassword(user.passwordHash, dto.password))) throw invalidCredentials();
    if (await this.twoFactor.isEnabled(user.id)) return this.challenge(user);
    await this.signedIn(address, user);
    return this.respond(user);
  }

  /**
   * Only failures count towards the lockout: a sign-in that succeeds (the password, and the code
   * with 2FA on) forgets this username's attempts from this address, so people who sign in often
   * from one place (a shared computer, a tester) are never locked out by their own successes.
   */
  private signedIn(address: string, user: User): Promise<void> {
    return this.rateLimit.forget('loginPerUsernameIp', usernameFrom(address, user.username));
  }

  /** The password was right and the account has 2FA: no session yet, a 5-minute challenge. */
  private async challenge(user: User): Promise<TwoFactorChallengeResponse> {
    const { challenge, expiresAt } = await this.tokens.signChallenge(user);
    return {
      twoFactorRequired: true,
      challenge,
      expiresAt: expiresAt.toISOString(),
      message: TWO_FACTOR_PROMPT,
    };
  }

  /**
   * The second sign-in step. The same buckets as the password step, counted before the code is
   * checked; the challenge dies with the token version (logout everywhere, password change).
   */
  async loginTwoFactor(dto: TwoFactorLoginDto, ip: string): Promise<AuthResponse> {
    const address = rateLimitAddress(ip);
    await this.rateLimit.hit('loginPerIp', address);
    const payload = await this.tokens.verifyChallenge(dto.challenge);
    const user = payload && UUID.test(payload.sub) ? await this.users.findById(payload.sub) : null;
    if (!user || user.tokenVersion !== payload?.tokenVersion) throw twoFactorChallengeExpired();
    await this.rateLimit.hit('loginPerUsernameIp', usernameFrom(address, user.username));
    await this.rateLimit.slowDown('loginPerUsername', normalizeUsername(user.username));
    if (!(await this.twoFactor.verifyAnyCode(user.id, dto.code)))
      throw twoFactorCodeWrong(HttpStatus.UNAUTHORIZED);
    await this.signedIn(address, user);
    return this.respond(user);
  }

  /** Whether `password` is this user's password (for confirmations elsewhere, e.g. account deletion). */
  async verifyPasswordOf(userId: string, password: string): Promise<boolean> {
    const passwordHash = UUID.test(userId) ? await this.users.findPasswordHash(userId) : null;
    return passwordHash !== null && (await this.verifyPassword(passwordHash, password));
  }

  /**
   * The username changes freely. The e-mail address receives the password reset codes, so
   * changing it (set, replaced or removed) takes the current password and, with 2FA on, a code,
   * counted in the sign-in buckets like a sign-in; the address it replaces is told.
   */
  async updateProfile(user: User, dto: UpdateProfileDto, ip: string): Promise<{ user: AuthUser }> {
    const email = dto.email === undefined ? user.email : dto.email;
    const emailChanges = email !== user.email;
    if (emailChanges) await this.confirmIdentity(user, dto, ip);
    const updated = await this.users.updateProfile(user, { username: dto.username, email });
    await this.admins.claim(updated);
    if (emailChanges && user.email) await this.tellReplacedAddress(user.email, updated);
    return { user: toAuthUser(updated) };
  }

  /**
   * The password, then (2FA on) a code: what a sign-in asks, for a change a stolen token must not
   * make (e-mail change, account deletion), counted in the sign-in buckets like a sign-in.
   */
  async confirmIdentity(
    user: User,
    proof: { currentPassword?: string; code?: string },
    ip: string,
  ): Promise<void> {
    if (!proof.currentPassword) throw currentPasswordRequired();
    const address = rateLimitAddress(ip);
    await this.rateLimit.hit('loginPerIp', address);
    await this.rateLimit.hit('loginPerUsernameIp', usernameFrom(address, user.username));
    if (!(await this.verifyPasswordOf(user.id, proof.currentPassword))) throw wrongCurrentPassword();
    if (!(await this.twoFactor.isEnabled(user.id))) return;
    const code = proof.code?.trim();
    if (!code) throw twoFactorCodeRequired();
    if (!(await this.twoFactor.verifyAnyCode(user.id, code)))
      throw twoFactorCodeWrong(HttpStatus.BAD_REQUEST);
  }

  /**
   * The change is made: a notice that cannot be sent is logged (for the operator) rather than
   * answered as a failure of the change.
   */
  private async tellReplacedAddress(replaced: string, user: User): Promise<void> {
    const notice = emailChangedNotice(
      { appName: this.config.appName, publicUrl: this.config.publicUrl },
      {
        username: user.username,
        newEmailHint: user.email ? maskEmail(user.email) : null,
        at: this.clock.now(),
      },
    );
    try {
      await this.mail.send({ to: replaced, ...notice });
    } catch (error) {
      this.logger.error(
        `The notice of user ${user.id}'s e-mail change could not be sent: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  async logout(user: User): Promise<OkResponse> {
    await this.users.bumpTokenVersion(user.id);
    return { ok: true, message: 'You have been signed out.' };
  }

  async changePassword(user: User, dto: ChangePasswordDto): Promise<AuthResponse> {
    const current = await this.users.findPasswordHash(user.id);
    if (!current || !(await this.verifyPassword(current, dto.currentPassword))) throw wrongCurrentPassword();
    const tokenVersion = await this.users.setPassword(user.id, await this.hashPassword(dto.newPassword));
    return this.respond({ ...user, tokenVersion });
  }

  private codeHash(userId: string, code: string): string {
    return createHmac('sha256', this.config.jwtSecret)
      .update(`password-reset:${userId}:${code}`)
      .digest('hex');
  }

  /** Codes are capped per address, overall, and per account (each code allows 5 tries). */
  async forgotPassword(dto: ForgotPasswordDto, ip: string): Promise<ForgotPasswordResponse> {
    await this.rateLimit.hit('forgotPerIp', rateLimitAddress(ip));
    await this.rateLimit.hit('forgotGlobal', 'all');
    await this.rateLimit.hit('forgotPerUsername', normalizeUsername(dto.username));
    const user = await this.users.findByUsername(dto.username);
    if (!user) throw usernameNotFound();
    if (!user.email) return { ok: true, canReset: false, message: NO_EMAIL_ON_ACCOUNT };

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.resetCodes.replacePending({
      userId: user.id,
      codeHash: this.codeHash(user.id, code),
      expiresAt: new Date(Date.now() + RESET_CODE_TTL_MS),
    });
    const name = this.config.appName;
    await this.mail.send({
      to: user.email,
      subject: `${name} password reset code: ${code}`,
      text: [
        `Hello ${user.username},`,
        '',
        `Your ${name} password reset code is: ${code}`,
        '',
        'It is valid for 15 minutes and can be used once. If you did not ask to reset your password, ignore this e-mail: your password stays the same.',
      ].join('\n'),
    });
    const emailHint = maskEmail(user.email);
    return {
      ok: true,
      canReset: true,
      message: `We sent a 6-digit code to ${emailHint}. It is valid for 15 minutes.`,
      emailHint,
    };
  }

  /** Tries are capped per address, overall, and per username from one address (never per account alone). */
  async resetPassword(dto: ResetPasswordDto, ip: string): Promise<OkResponse> {
    const address = rateLimitAddress(ip);
    await this.rateLimit.hit('resetPerIp', address);
    await this.rateLimit.hit('resetGlobal', 'all');
    await this.rateLimit.hit('resetPerUsernameIp', usernameFrom(address, dto.username));
    const user = await this.users.findByUsername(dto.username);
    if (!user) throw usernameNotFound();

    const pending = await this.resetCodes.findPending(user.id);
    if (!pending || pending.expiresAt.getTime() <= Date.now()) throw resetCodeExpired();

    // Every try spends one of the 5 attempts, atomically, before the code is compared.
    const attempts = await this.resetCodes.spendTry(pending.id, RESET_CODE_MAX_TRIES);
    if (attempts === null)
      throw pending.attempts >= RESET_CODE_MAX_TRIES ? resetCodeLocked() : resetCodeExpired();

    const expected = Buffer.from(pending.codeHash, 'hex');
    const given = Buffer.from(this.codeHash(user.id, dto.code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      const left = RESET_CODE_MAX_TRIES - attempts;
      if (left <= 0) throw resetCodeLocked();
      throw resetCodeWrong(left);
    }

    const passwordHash = await this.hashPassword(dto.newPassword);
    const used = await this.resetCodes.use(pending.id, (manager) =>
      this.users.setPassword(user.id, passwordHash, manager),
    );
    if (!used) throw resetCodeExpired();
    return { ok: true, message: 'Your password has been updated. You can now login with your new password.' };
  }
}
