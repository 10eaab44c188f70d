import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '../../common';
import { PlanCatalog } from '../../plans';
import { SubscriptionRepository } from '../core/subscription.repository';
import type { SubscriptionEntity } from '../entities/subscription.entity';
import { toMinorUnits } from '../payment-records/payment-amount';
import { PaymentRecordsService } from '../payment-records/payment-records.service';
import { addDays, MOBILE_MONEY_ROUTE, PRO_PASS_DAYS } from '../pricing';

/** A mobile-money payment as the provider reports it after verification (never the webhook's word). */
export interface VerifiedMobileMoneyPayment {
  provider: 'flutterwave' | 'sandbox';
  /** Kasa's reference of the payment (Flutterwave tx_ref, the sandbox checkout id). */
  txRef: string;
  /** 'successful', 'failed', 'pending', … */
  status: string;
  amount: number;
  currency: string;
}

export type SettlementOutcome = 'granted' | 'refused' | 'failed' | 'pending' | 'already-settled' | 'unknown';

/**
 * Turns a verified mobile-money payment of at least Pro's XAF price (the plan table's, as it
 * stands when the payment settles) into 30 days of Pro, once. The row lock makes replays
 * and concurrent deliveries settle a payment once; the user lock makes two different payments
 * stack (each adds 30 days after the Pro end the other left).
 */
@Injectable()
export class MobileMoneyPassesService {
  private readonly logger = new Logger(MobileMoneyPassesService.name);

  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly plans: PlanCatalog,
    private readonly paymentRecords: PaymentRecordsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async settle(payment: VerifiedMobileMoneyPayment): Promise<SettlementOutcome> {
    // Read outside the transaction: the table's first read needs a pool connection of its own.
    const due = (await this.plans.limitsOf('PRO_PLAN')).priceXaf;
    return this.subscriptions.transaction(async (manager) => {
      const row = await this.subscriptions.lockByRef(manager, payment.provider, payment.txRef);
      if (!row || row.method !== 'mobile_money') return 'unknown';
      if (row.status !== 'pending') return 'already-settled';
      if (payment.status === 'pending') return 'pending';
      if (payment.status !== 'successful') {
        row.status = 'failed';
        await this.subscriptions.save(manager, row);
        // A refused charge reports no amount in the sandbox: the line shows the price asked.
        await this.record(manager, row, { ...payment, amount: payment.amount || due }, null);
        return 'failed';
      }
      if (payment.amount < due || payment.currency !== MOBILE_MONEY_ROUTE.currency) {
        this.logger.warn(
          `Mobile money payment ${payment.txRef} refused: ${payment.amount} ${payment.currency} paid, ${due} ${MOBILE_MONEY_ROUTE.currency} due`,
        );
        row.status = 'failed';
        await this.subscriptions.save(manager, row);
        await this.record(manager, row, payment, null);
        return 'refused';
      }
      await this.subscriptions.lockUser(manager, row.userId);
      const now = this.clock.now();
      const proEnd = await this.subscriptions.proEndOf(manager, row.userId, now);
      const periodStart = proEnd ?? now;
      row.status = 'active';
      row.currentPeriodEnd = addDays(periodStart, PRO_PASS_DAYS);
      await this.subscriptions.save(manager, row);
      await this.record(manager, row, payment, { start: periodStart, end: row.currentPeriodEnd });
      return 'granted';
    });
  }

  /** The billing history's line of a settled payment: paid with the pass it bought, or refused. */
  private async record(
    manager: EntityManager,
    row: SubscriptionEntity,
    payment: VerifiedMobileMoneyPayment,
    pass: { start: Date; end: Date } | null,
  ): Promise<void> {
    await this.paymentRecords.record(manager, {
      userId: row.userId,
      subscriptionId: row.id,
      method: 'mobile_money',
      provider: payment.provider,
      providerRef: payment.txRef,
      amountMinor: toMinorUnits(payment.amount, payment.currency),
      currency: payment.currency.slice(0, 3),
      status: pass ? 'paid' : 'failed',
      periodStart: pass?.start ?? null,
      periodEnd: pass?.end ?? null,
      paidAt: this.clock.now(),
    });
  }
}
