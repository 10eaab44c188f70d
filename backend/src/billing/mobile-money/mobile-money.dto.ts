import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import {
  MOBILE_MONEY_NETWORKS,
  type MobileMoneyNetwork,
  type MobileMoneyPaymentRequest,
} from '@kasa/contracts';
import { IsEmailAddress } from '../../common/email-address';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** People type numbers with spaces, dots, dashes or brackets: only '+' and digits are kept. */
const compactPhone = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.replace(/[\s().-]/g, '') : value;

export const PHONE_RULE = 'Enter the phone number with its country code, e.g. +237 650 000 000.';
export const NETWORK_RULE = `network must be one of ${MOBILE_MONEY_NETWORKS.join(', ')}.`;
export const EMAIL_RULE = 'Please enter a valid email address.';
export const FULL_NAME_RULE = 'Please enter your full name (at most 100 characters).';
const PHONE_PATTERN = /^\+?[1-9]\d{7,14}$/;

/** Body of POST /api/flutterwave/create-mobile-money-payment (docs/product.md#checkout). */
export class MobileMoneyPaymentDto implements MobileMoneyPaymentRequest {
  @ApiProperty({
    type: String,
    pattern: PHONE_PATTERN.source,
    description:
      'With its country code (Cameroon: 237). Spaces, dots, dashes and brackets are removed before the check.',
    example: '+237 650 000 000',
  })
  @Transform(compactPhone)
  @IsString({ message: PHONE_RULE })
  @Matches(PHONE_PATTERN, { message: PHONE_RULE })
  phone_number: string;

  @ApiProperty({ enum: MOBILE_MONEY_NETWORKS, enumName: 'MobileMoneyNetwork', example: 'MTN' })
  @IsIn(MOBILE_MONEY_NETWORKS, { message: NETWORK_RULE })
  network: MobileMoneyNetwork;

  @ApiProperty({ type: String, format: 'email', maxLength: 254, example: 'amina@example.com' })
  @Transform(trim)
  @IsString({ message: EMAIL_RULE })
  @MaxLength(254, { message: EMAIL_RULE })
  @IsEmailAddress({ message: EMAIL_RULE })
  email: string;

  @ApiProperty({ type: String, minLength: 1, maxLength: 100, example: 'Amina Kamga' })
  @Transform(trim)
  @IsString({ message: FULL_NAME_RULE })
  @IsNotEmpty({ message: FULL_NAME_RULE })
  @MaxLength(100, { message: FULL_NAME_RULE })
  full_name: string;
}
