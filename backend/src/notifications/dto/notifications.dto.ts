import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import type {
  NotificationPreferences,
  NotificationSettingsResponse,
  ProductNewsRequest,
  ProductNewsResponse,
  UpdateNotificationPreferencesRequest,
} from '@kasa/contracts';

export const PRODUCT_NEWS_SUBJECT_MAX = 200;
export const PRODUCT_NEWS_TEXT_MAX = 20_000;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** An optional on/off field: left out, or a JSON boolean (not "true", 1 or null). */
function OptionalSwitch(description: string): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({ type: Boolean, description })(target, key);
    ValidateIf((_object: unknown, value: unknown) => value !== undefined)(target, key);
    IsBoolean({ message: `${String(key)} must be true or false` })(target, key);
  };
}

/** Body of PUT /api/account/notifications: any subset of the three switches. */
export class UpdateNotificationPreferencesDto implements UpdateNotificationPreferencesRequest {
  @OptionalSwitch('An e-mail when a monthly usage meter passes 80 % (once per feature and month).')
  usageAlerts?: boolean;

  @OptionalSwitch('An e-mail 3 days before Pro ends without renewing.')
  proEnding?: boolean;

  @OptionalSwitch('Product news.')
  productNews?: boolean;
}

/** Body of POST /api/account/notifications/product-news (administrators). */
export class ProductNewsDto implements ProductNewsRequest {
  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: PRODUCT_NEWS_SUBJECT_MAX,
    example: 'New: voice in Swahili',
  })
  @Transform(trim)
  @IsString({ message: 'subject must be text' })
  @MinLength(1, { message: 'subject is required' })
  @MaxLength(PRODUCT_NEWS_SUBJECT_MAX, {
    message: `subject must be at most ${PRODUCT_NEWS_SUBJECT_MAX} characters`,
  })
  // A line break in a subject would start a new mail header.
  @Matches(/^[^\r\n]*$/, { message: 'subject must be one line' })
  subject!: string;

  @ApiProperty({ type: String, minLength: 1, maxLength: PRODUCT_NEWS_TEXT_MAX, description: 'Plain text.' })
  @IsString({ message: 'text must be text' })
  @Matches(/\S/, { message: 'text is required' })
  @MaxLength(PRODUCT_NEWS_TEXT_MAX, { message: `text must be at most ${PRODUCT_NEWS_TEXT_MAX} characters` })
  text!: string;
}

@ApiSchema({ name: 'NotificationPreferences', description: 'Which e-mails the user wants.' })
export class NotificationPreferencesDoc implements Required<NotificationPreferences> {
  @ApiProperty({ type: Boolean, description: 'Usage passed 80 % of a monthly limit. Default on.' })
  usageAlerts: boolean;

  @ApiProperty({ type: Boolean, description: 'Pro ends in 3 days without renewing. Default on.' })
  proEnding: boolean;

  @ApiProperty({ type: Boolean, description: 'Product news. Default off.' })
  productNews: boolean;
}

@ApiSchema({ name: 'NotificationSettingsResponse' })
export class NotificationSettingsResponseDoc implements Required<NotificationSettingsResponse> {
  @ApiProperty({ type: () => NotificationPreferencesDoc })
  preferences: NotificationPreferencesDoc;

  @ApiProperty({
    type: Boolean,
    description: 'False when the account has no e-mail: nothing is sent until one is added.',
  })
  hasEmail: boolean;
}

@ApiSchema({ name: 'ProductNewsResponse' })
export class ProductNewsResponseDoc implements Required<ProductNewsResponse> {
  @ApiProperty({ enum: [true], type: Boolean })
  ok: true;

  @ApiProperty({
    type: Number,
    minimum: 0,
    description: 'Users with product news on and an e-mail, when it was queued.',
  })
  recipients: number;
}
