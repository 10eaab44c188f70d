import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type {
  BillingHistoryResponse,
  BillingRecord,
  PaymentMethod,
  PaymentProvider,
  PaymentRecordStatus,
} from '@kasa/contracts';

const PAYMENT_RECORD_STATUSES: PaymentRecordStatus[] = ['paid', 'failed', 'refunded'];

@ApiSchema({ name: 'BillingRecord', description: 'One payment made or refused.' })
export class BillingRecordDoc implements Required<BillingRecord> {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, format: 'date-time', description: 'When it was paid or refused.' })
  date: string;

  @ApiProperty({ enum: ['card', 'mobile_money'], enumName: 'PaymentMethod' })
  method: PaymentMethod;

  @ApiProperty({ enum: ['stripe', 'flutterwave', 'sandbox'], enumName: 'PaymentProvider' })
  provider: PaymentProvider;

  @ApiProperty({
    type: Number,
    description: "In the currency's major unit: 4 (USD), 2500 (XAF).",
    example: 4,
  })
  amount: number;

  @ApiProperty({ type: String, description: 'ISO 4217.', example: 'USD' })
  currency: string;

  @ApiProperty({ enum: PAYMENT_RECORD_STATUSES, enumName: 'PaymentRecordStatus' })
  status: PaymentRecordStatus;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Null when refused.' })
  periodStart: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Null when refused.' })
  periodEnd: string | null;
}

@ApiSchema({ name: 'BillingHistoryResponse', description: 'Newest first, at most 100.' })
export class BillingHistoryResponseDoc implements Required<BillingHistoryResponse> {
  @ApiProperty({ type: () => [BillingRecordDoc] })
  payments: BillingRecordDoc[];
}
