import { ApiProperty, ApiPropertyOptional, ApiResponse, ApiSchema } from '@nestjs/swagger';
import {
  type CancelSubscriptionResponse,
  type CreateSubscriptionResponse,
  ERROR_CODES,
  type ErrorCode,
  type MobileMoneyPaymentResponse,
} from '@kasa/contracts';

@ApiSchema({
  name: 'CreateSubscriptionResponse',
  description:
    'No clientSecret: the user is Pro already. In the sandbox, checkoutUrl is the local approve / decline page.',
})
export class CreateSubscriptionResponseDoc implements Required<CreateSubscriptionResponse> {
  @ApiPropertyOptional({ type: String, description: "Opens the card form (Stripe's Payment Element)." })
  clientSecret: string;

  @ApiPropertyOptional({
    type: String,
    example: '/api/billing/sandbox/checkout/q3Jt0v9zN2bW7kYx4cLp8sRm1fHd6gAe',
  })
  checkoutUrl: string;
}

@ApiSchema({ name: 'CancelSubscriptionResponse' })
export class CancelSubscriptionResponseDoc implements Required<CancelSubscriptionResponse> {
  @ApiProperty({ type: Boolean, enum: [true] })
  cancelAtPeriodEnd: boolean;

  @ApiProperty({ type: String, format: 'date-time', description: 'Pro stays until then.' })
  currentPeriodEnd: string;
}

@ApiSchema({
  name: 'MobileMoneyPaymentResponse',
  description: 'success false (with the status of the refusal) when the payment cannot be requested.',
})
export class MobileMoneyPaymentResponseDoc implements Required<MobileMoneyPaymentResponse> {
  @ApiProperty({ type: Boolean })
  success: boolean;

  @ApiPropertyOptional({ type: String, description: "The provider's page to finish paying on." })
  payment_url: string;

  @ApiPropertyOptional({ type: String, description: 'What to do on the phone.' })
  instructions: string;

  @ApiProperty({ type: String })
  message: string;

  @ApiPropertyOptional({
    enum: ERROR_CODES,
    enumName: 'ErrorCode',
    description: 'With success false: the stable code of `message`.',
  })
  code: ErrorCode;

  @ApiPropertyOptional({
    type: String,
    description: 'Sandbox only: the local approve / decline page standing in for the prompt on the phone.',
  })
  checkoutUrl: string;
}

/** POST /api/flutterwave/create-mobile-money-payment's refusals: `{success: false, message, code}`. */
export function ApiPaymentRefused(status: number, description: string): MethodDecorator & ClassDecorator {
  return ApiResponse({ status, description, type: MobileMoneyPaymentResponseDoc });
}
