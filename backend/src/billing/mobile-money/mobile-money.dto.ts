import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import {
  MOBILE_MONEY_NETWORKS,
  type MobileMoneyNetwork,
  type MobileMoneyPaymentRequest,
} from '@kasa/contracts';
import { IsEmailAddress } from '../../common/email-address';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const PHONE_RULE = 'Enter the phone number as text, e.g. 677 12 34 56 or +237 677 12 34 56.';
export const NETWORK_RULE = `network must be one of ${MOBILE_MONEY_NETWORKS.join(', ')}.`;
export const EMAIL_RULE = 'Please enter a valid email address.';
export const FULL_NAME_RULE = 'Please enter your full name (at most 100 characters).';

/** Body of POST /api/flutterwave/create-mobile-money-payment (docs/product.md#checkout). */
export class MobileMoneyPaymentDto implements MobileMoneyPaymentRequest {
  @ApiProperty({
    type: String,
    maxLength: 32,
    description:
      "A mobile number of the payment country (MOBILE_MONEY_COUNTRY_CODE, default 237: Cameroon), as people type it: national ('677 12 34 56') or with the calling code ('+237…', '00237…', '237…'). Not a mobile number: 400 BILLING_PHONE_INVALID.",
    example: '677 12 34 56',
  })
  @IsString({ message: PHONE_RULE })
  @IsNotEmpty({ message: PHONE_RULE })
  @MaxLength(32, { message: PHONE_RULE })
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
