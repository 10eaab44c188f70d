import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import type {
  AuthResponse,
  AuthUser,
  CurrentUserResponse,
  ForgotPasswordResponse,
  OkResponse,
} from '@kasa/contracts';

@ApiSchema({ name: 'AuthUser', description: 'A user as the API shows them (never the password hash).' })
export class AuthUserDoc implements Required<AuthUser> {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, example: 'amina_k' })
  username: string;

  @ApiProperty({ type: String, format: 'email', nullable: true, example: 'amina@example.com' })
  email: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;
}

@ApiSchema({ name: 'AuthResponse', description: 'A signed-in session: the bearer token and its user.' })
export class AuthResponseDoc implements Required<AuthResponse> {
  @ApiProperty({ type: String, description: 'JWT for the Authorization: Bearer header.' })
  token: string;

  @ApiProperty({ type: () => AuthUserDoc })
  user: AuthUserDoc;
}

@ApiSchema({ name: 'CurrentUserResponse' })
export class CurrentUserResponseDoc implements Required<CurrentUserResponse> {
  @ApiProperty({ type: () => AuthUserDoc })
  user: AuthUserDoc;
}

@ApiSchema({ name: 'OkResponse' })
export class OkResponseDoc implements Required<OkResponse> {
  @ApiProperty({ enum: [true], type: Boolean })
  ok: true;

  @ApiProperty({ type: String, example: 'You have been signed out.' })
  message: string;
}

@ApiSchema({
  name: 'ForgotPasswordResponse',
  description: 'canReset is false when the account has no e-mail to send the code to.',
})
export class ForgotPasswordResponseDoc implements Required<ForgotPasswordResponse> {
  @ApiProperty({ type: Boolean })
  ok: boolean;

  @ApiProperty({ type: Boolean })
  canReset: boolean;

  @ApiProperty({ type: String })
  message: string;

  @ApiPropertyOptional({
    type: String,
    description: 'The address the code went to, masked.',
    example: 'a***@example.com',
  })
  emailHint: string;
}
