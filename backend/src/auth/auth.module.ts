import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '../common';
import { APP_CONFIG, type AppConfig } from '../config';
import { UsersModule } from '../users';
import { AdminGuard } from './admin.guard';
import { Admins } from './admins';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtAuthGuard } from './jwt-auth.guard';
import { PasswordResetCode } from './password-reset-code.entity';
import { PasswordResetCodesRepository } from './password-reset-codes.repository';
import { RateLimitCountersCleanup } from './rate-limit-store/rate-limit-counters.cleanup';
import { RateLimitCountersRepository } from './rate-limit-store/rate-limit-counters.repository';
import { RateLimitService } from './rate-limit.service';
import { TokenService } from './token.service';
import { AccountSecurityService } from './two-factor/account-security.service';
import { TwoFactorBackupCode } from './two-factor/two-factor-backup-code.entity';
import { TwoFactorLockMailer } from './two-factor/two-factor-lock-mailer';
import { TwoFactorUnlockController } from './two-factor/two-factor-unlock.controller';
import { TwoFactorController } from './two-factor/two-factor.controller';
import { TwoFactorRepository } from './two-factor/two-factor.repository';
import { TwoFactorService } from './two-factor/two-factor.service';
import { UserTwoFactor } from './two-factor/user-two-factor.entity';

/**
 * Sign-up, sign-in (with optional TOTP second step, locked after too many wrong codes), sessions
 * (revocable tokens), profile, password change and reset, administrators.
 */
@Module({
  imports: [
    UsersModule,
    ClockModule,
    TypeOrmModule.forFeature([PasswordResetCode, UserTwoFactor, TwoFactorBackupCode]),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        // A KeyObject, not the string: given a string, jsonwebtoken first tries to parse it as a
        // PEM public key (and fails) on every verify, ~0.7 ms of CPU per authenticated request.
        secret: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')),
        signOptions: { algorithm: 'HS256', expiresIn: '30d' },
      }),
    }),
  ],
  controllers: [AuthController, TwoFactorController, TwoFactorUnlockController],
  providers: [
    AuthService,
    PasswordResetCodesRepository,
    TokenService,
    JwtAuthGuard,
    AdminGuard,
    Admins,
    RateLimitService,
    RateLimitCountersRepository,
    RateLimitCountersCleanup,
    TwoFactorRepository,
    TwoFactorService,
    TwoFactorLockMailer,
    AccountSecurityService,
  ],
  exports: [
    TokenService,
    JwtAuthGuard,
    AdminGuard,
    Admins,
    UsersModule,
    AuthService,
    TwoFactorService,
    RateLimitService,
  ],
})
export class AuthModule {}
