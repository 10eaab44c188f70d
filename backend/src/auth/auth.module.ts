import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config';
import { UsersModule } from '../users';
import { AdminGuard } from './admin.guard';
import { Admins } from './admins';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtAuthGuard } from './jwt-auth.guard';
import { PasswordResetCode } from './password-reset-code.entity';
import { RateLimitService } from './rate-limit.service';
import { TokenService } from './token.service';

/** Sign-up, sign-in, sessions (revocable tokens), profile, password change and reset. */
@Module({
  imports: [
    UsersModule,
    TypeOrmModule.forFeature([PasswordResetCode]),
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
  controllers: [AuthController],
  providers: [AuthService, TokenService, JwtAuthGuard, AdminGuard, Admins, RateLimitService],
  exports: [TokenService, JwtAuthGuard, AdminGuard, Admins, UsersModule],
})
export class AuthModule {}
