import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  MobileMoneyPassesService,
  type SettlementOutcome,
} from '../mobile-money/mobile-money-passes.service';
import {
  FLUTTERWAVE_CLIENT,
  type FlutterwaveClient,
  FlutterwaveError,
  type FlutterwaveTransaction,
} from './flutterwave.client';
import {
  flutterwaveNotConfigured,
  verificationUnavailable,
  webhookWithoutTransaction,
} from './flutterwave.errors';

export interface FlutterwaveWebhookReceipt {
  received: true;
  outcome: SettlementOutcome | 'ignored';
}

/** The transaction id of a `charge.completed` webhook, null for other events. */
export function completedChargeId(body: unknown): string | null {
  const event = body as { event?: unknown; data?: { id?: unknown } } | null;
  if (event?.event !== 'charge.completed') return null;
  const id = event.data?.id;
  if (
    (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) ||
    (typeof id === 'string' && /^\d{1,20}$/.test(id))
  )
    return String(id);
  throw webhookWithoutTransaction();
}

/**
 * POST /api/flutterwave/webhook (after FlutterwaveWebhookGuard): the webhook only says which
 * transaction to look at. Its status, amount, currency and tx_ref are read back from Flutterwave
 * with the secret key before anything is granted.
 */
@Injectable()
export class FlutterwaveWebhookService {
  private readonly logger = new Logger(FlutterwaveWebhookService.name);

  constructor(
    @Inject(FLUTTERWAVE_CLIENT) private readonly flutterwave: FlutterwaveClient | null,
    private readonly passes: MobileMoneyPassesService,
  ) {}

  async receive(body: unknown): Promise<FlutterwaveWebhookReceipt> {
    if (!this.flutterwave) throw flutterwaveNotConfigured();
    const transactionId = completedChargeId(body);
    if (!transactionId) return { received: true, outcome: 'ignored' };
    let transaction: FlutterwaveTransaction;
    try {
      transaction = await this.flutterwave.verifyTransaction(transactionId);
    } catch (error) {
      if (!(error instanceof FlutterwaveError)) throw error;
      this.logger.warn(`Verifying transaction ${transactionId} failed: ${error.httpStatus} ${error.message}`);
      // Flutterwave knows no such transaction: nothing to grant, and retrying will not change it.
      if (error.httpStatus && error.httpStatus >= 400 && error.httpStatus < 500)
        return { received: true, outcome: 'unknown' };
      throw verificationUnavailable();
    }
    const outcome = await this.passes.settle({
      provider: 'flutterwave',
      txRef: transaction.tx_ref,
      status: transaction.status,
      amount: transaction.amount,
      currency: transaction.currency,
    });
    return { received: true, outcome };
  }
}
