import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import type { FlutterwaveWebhookReceipt } from '../flutterwave/flutterwave-webhook.service';
import type { StripeWebhookReceipt } from '../stripe/stripe-webhook.service';

type WebhookOutcome = FlutterwaveWebhookReceipt['outcome'];
/** Every outcome once: adding one to SettlementOutcome fails to compile until it is listed here. */
const WEBHOOK_OUTCOMES = {
  granted: true,
  refused: true,
  failed: true,
  pending: true,
  'already-settled': true,
  unknown: true,
  ignored: true,
} satisfies Record<WebhookOutcome, true>;

@ApiSchema({
  name: 'StripeWebhookReceipt',
  description: 'duplicate: an earlier delivery of the same event applied it already.',
})
export class StripeWebhookReceiptDoc implements Required<StripeWebhookReceipt> {
  @ApiProperty({ type: Boolean, enum: [true] })
  received: true;

  @ApiPropertyOptional({ type: Boolean, enum: [true] })
  duplicate: true;
}

@ApiSchema({
  name: 'FlutterwaveWebhookReceipt',
  description: 'What the delivery did to the payment it names.',
})
export class FlutterwaveWebhookReceiptDoc implements Required<FlutterwaveWebhookReceipt> {
  @ApiProperty({ type: Boolean, enum: [true] })
  received: true;

  @ApiProperty({ enum: Object.keys(WEBHOOK_OUTCOMES) })
  outcome: WebhookOutcome;
}
