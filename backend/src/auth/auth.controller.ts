import { Body, Controller, Get, HttpCode, Ip, Post, Put, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type {
  AuthResponse,
  CurrentUserResponse,
  ForgotPasswordResponse,
  LoginResponse,
  OkResponse,
} from '@kasa/contracts';
import {
  ApiEitherResponse,
  ApiErrorResponse,
  ApiOtherErrors,
  ApiSignedIn,
  ApiValidationFailed,
} from '../docs';
import {
  AuthResponseDoc,
  CurrentUserResponseDoc,
  ForgotPasswordResponseDoc,
  OkResponseDoc,
} from './dto/auth.responses';
import { TwoFactorChallengeResponseDoc } from './two-factor/dto/two-factor.responses';
import { NoStore } from '../common/no-store';
import { toAuthUser, type User } from '../users';
import {
  ChangePasswordDto,
  ForgotPasswordDto,
  LoginDto,
  RegisterDto,
  ResetPasswordDto,
  UpdateProfileDto,
} from './auth.dto';
import { AuthService } from './auth.service';
import { CurrentUser, JwtAuthGuard } from './jwt-auth.guard';
import { TwoFactorLoginDto } from './two-factor/two-factor.dto';

/** Every answer here is a token or an account's data: no-store, even without a bearer (sign-in). */
@ApiTags('auth')
@ApiOtherErrors()
@Controller('auth')
@NoStore()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @ApiCreatedResponse({ type: AuthResponseDoc, description: 'The account exists and is signed in.' })
  @ApiValidationFailed()
  @ApiErrorResponse(409, 'The username is taken.')
  @ApiErrorResponse(429, 'Too many accounts created from this IP address lately.')
  register(@Body() dto: RegisterDto, @Ip() ip: string): Promise<AuthResponse> {
    return this.auth.register(dto, ip);
  }

  @Post('login')
  @HttpCode(200)
  @ApiEitherResponse(
    200,
    'A session; or, when the account has two-factor sign-in, a challenge for POST /api/auth/login/two-factor (no token yet).',
    AuthResponseDoc,
    TwoFactorChallengeResponseDoc,
  )
  @ApiValidationFailed()
  @ApiErrorResponse(401, 'Wrong username or password.')
  @ApiErrorResponse(429, 'Too many sign-in attempts from this IP address, or for this username from it.')
  login(@Body() dto: LoginDto, @Ip() ip: string): Promise<LoginResponse> {
    return this.auth.login(dto, ip);
  }

  @Post('login/two-factor')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthResponseDoc, description: 'The second step passed: the session.' })
  @ApiValidationFailed()
  @ApiErrorResponse(
    401,
    'AUTH_TWO_FACTOR_CHALLENGE_EXPIRED: the challenge is expired, forged or revoked; AUTH_TWO_FACTOR_CODE_WRONG: the code is wrong or was used.',
  )
  @ApiErrorResponse(429, 'Too many sign-in attempts from this IP address, or for this username from it.')
  loginTwoFactor(@Body() dto: TwoFactorLoginDto, @Ip() ip: string): Promise<AuthResponse> {
    return this.auth.loginTwoFactor(dto, ip);
  }

  @Get('user')
  @UseGuards(JwtAuthGuard)
  @ApiSignedIn()
  @ApiOkResponse({ type: CurrentUserResponseDoc })
  user(@CurrentUser() user: User): CurrentUserResponse {
    return { user: toAuthUser(user) };
  }

  @Put('profile')
  @UseGuards(JwtAuthGuard)
  @ApiSignedIn()
  @ApiOkResponse({ type: CurrentUserResponseDoc })
  @ApiValidationFailed(
    'a changed e-mail without the current password (AUTH_CURRENT_PASSWORD_REQUIRED), with a wrong one (AUTH_WRONG_CURRENT_PASSWORD), or, with two-factor sign-in on, without a code (AUTH_TWO_FACTOR_CODE_REQUIRED) or with a wrong one (AUTH_TWO_FACTOR_CODE_WRONG).',
  )
  @ApiErrorResponse(409, 'The username is taken.')
  @ApiErrorResponse(
    429,
    'Too many password or code attempts (the sign-in limits), or the second factor is locked (AUTH_TWO_FACTOR_LOCKED).',
  )
  updateProfile(
    @CurrentUser() user: User,
    @Body() dto: UpdateProfileDto,
    @Ip() ip: string,
  ): Promise<CurrentUserResponse> {
    return this.auth.updateProfile(user, dto, ip);
  }

  @Post('logout')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  @ApiSignedIn()
  @ApiOkResponse({ type: OkResponseDoc, description: 'Every token of the account is revoked.' })
  logout(@CurrentUser() user: User): Promise<OkResponse> {
    return this.auth.logout(user);
  }

  @Post('change-password')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  @ApiSignedIn()
  @ApiOkResponse({ type: AuthResponseDoc, description: 'A new token; every older one is revoked.' })
  @ApiValidationFailed('the current password is wrong.')
  changePassword(@CurrentUser() user: User, @Body() dto: ChangePasswordDto): Promise<AuthResponse> {
    return this.auth.changePassword(user, dto);
  }

  @Post('forgot-password')
  @HttpCode(200)
  @ApiOkResponse({
    type: ForgotPasswordResponseDoc,
    description: 'A 6-digit code was e-mailed, or canReset is false.',
  })
  @ApiValidationFailed()
  @ApiErrorResponse(404, 'No account has this username.')
  @ApiErrorResponse(
    429,
    'Too many codes requested lately: for this username, from this IP address, or overall.',
  )
  forgotPassword(@Body() dto: ForgotPasswordDto, @Ip() ip: string): Promise<ForgotPasswordResponse> {
    return this.auth.forgotPassword(dto, ip);
  }

  @Post('reset-password')
  @HttpCode(200)
  @ApiOkResponse({ type: OkResponseDoc, description: 'The password is changed; every token is revoked.' })
  @ApiValidationFailed('the code is wrong, expired, already used, or locked after 5 wrong tries.')
  @ApiErrorResponse(404, 'No account has this username.')
  @ApiErrorResponse(429, 'Too many tries lately from this IP address (for this username or any), or overall.')
  resetPassword(@Body() dto: ResetPasswordDto, @Ip() ip: string): Promise<OkResponse> {
    return this.auth.resetPassword(dto, ip);
  }
}
