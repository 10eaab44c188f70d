import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  type ApiErrorBody,
  ERROR_CODES,
  type ErrorCode,
  USAGE_FEATURES,
  USAGE_LIMIT_ERROR,
  type UsageFeature,
  type UsageLimitErrorBody,
} from '@kasa/contracts';
import { MAX_ERROR_DETAILS } from '../../common/api-error';

/** The body of every failed API request (common/api-error.ts builds it). */
@ApiSchema({ name: 'ApiErrorBody', description: 'The body of every failed API request.' })
export class ApiErrorBodyDoc implements Required<ApiErrorBody> {
  @ApiProperty({ type: Number, example: 400 })
  statusCode: number;

  @ApiProperty({ type: String, description: 'Short name of the HTTP status.', example: 'Bad Request' })
  error: string;

  @ApiProperty({
    enum: ERROR_CODES,
    enumName: 'ErrorCode',
    description:
      'Stable machine-readable code (libs/contracts ERROR_CODES): what clients translate. Codes are added, never renamed or reused.',
    example: 'VALIDATION_FAILED',
  })
  code: ErrorCode;

  @ApiProperty({
    type: String,
    description: "English message for a person; the client's fallback for a code it does not know.",
    example: 'Please type a message.',
  })
  message: string;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_ERROR_DETAILS,
    description: 'The first field-level problems, when the body, query or path was invalid.',
    example: ['Please type a message.'],
  })
  details: string[];

  @ApiPropertyOptional({
    type: String,
    description:
      'A feature this server cannot run: what the operator must set. Only in answers to administrators (ADMIN_USERNAMES).',
    example: 'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (README.md#configuration).',
  })
  configure: string;

  @ApiProperty({ type: String, example: '/api/chat' })
  path: string;

  @ApiProperty({
    type: String,
    description: 'Also in the X-Request-Id header and the server log line of this request.',
    example: '0b7c4f7e-3f0c-4c55-9b9e-52e1b0f5a3c1',
  })
  requestId: string;

  @ApiProperty({ type: String, format: 'date-time' })
  timestamp: string;
}

/** The 429 of a metered feature over its monthly limit: its own shape plus `code`. */
@ApiSchema({
  name: 'UsageLimitErrorBody',
  description: "The 429 of a metered request over the monthly limit of the user's plan.",
})
export class UsageLimitErrorBodyDoc implements Required<UsageLimitErrorBody> {
  @ApiProperty({ enum: [USAGE_LIMIT_ERROR], example: USAGE_LIMIT_ERROR })
  error: typeof USAGE_LIMIT_ERROR;

  @ApiProperty({ enum: USAGE_FEATURES, enumName: 'UsageFeature', example: 'messagesPerMonth' })
  feature: UsageFeature;

  @ApiProperty({ type: Number, description: 'Use counted this month.', example: 50 })
  current: number;

  @ApiProperty({ type: Number, description: "The plan's monthly limit.", example: 50 })
  limit: number;

  @ApiProperty({ type: Boolean, description: 'True on Basic: Pro has a higher limit.', example: true })
  upgradeRequired: boolean;

  @ApiProperty({ enum: ['USAGE_LIMIT_EXCEEDED'], example: 'USAGE_LIMIT_EXCEEDED' })
  code: 'USAGE_LIMIT_EXCEEDED';
}
