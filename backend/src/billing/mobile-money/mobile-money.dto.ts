import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import {
  MOBILE_MONEY_NETWORKS,
  type MobileMoneyNetwork,
  type MobileMoneyPaymentRequest,
} from '@kasa/contracts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** People type numbers with spaces, dots, dashes or brackets: only '+' and digits are kept. */
const compactPhone = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.replace(/[\s().-]/g, '') : value;

export const PHONE_RULE = 'Enter the phone number with its country code, e.g. +237 650 000 000.';
export const NETWORK_RULE = `network must be one of ${MOBILE_MONEY_NETWORKS.join(', ')}.`;
export const EMAIL_RULE = 'Please enter a valid email address.';
export const FULL_NAME_RULE = 'Please enter your full name (at most 100 characters).';

/** Body of POST /api/flutterwave/create-mobile-money-payment (spec §3 mobile money form). */
export class MobileMoneyPaymentDto implements MobileMoneyPaymentRequest {
  @Transform(compactPhone)
  @IsString({ message: PHONE_RULE })
  @Matches(/^\+?[1-9]\d{7,14}$/, { message: PHONE_RULE })
  phone_number: string;

  @IsIn(MOBILE_MONEY_NETWORKS, { message: NETWORK_RULE })
  network: MobileMoneyNetwork;

  @Transform(trim)
  @IsString({ message: EMAIL_RULE })
  @MaxLength(254, { message: EMAIL_RULE })
  @IsEmail({}, { message: EMAIL_RULE })
  email: string;

  @Transform(trim)
  @IsString({ message: FULL_NAME_RULE })
  @IsNotEmpty({ message: FULL_NAME_RULE })
  @MaxLength(100, { message: FULL_NAME_RULE })
  full_name: string;
}
