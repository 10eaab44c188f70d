import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, type Clock } from '../../common';
import { SubscriptionRepository } from '../core/subscription.repository';
import { addDays, MOBILE_MONEY_PRICE, PRO_PASS_DAYS } from '../pricing';

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
 * Turns a verified mobile-money payment into 30 days of Pro, once. The row lock makes replays
 * and concurrent deliveries settle a payment once; the user lock makes two different payments
 * stack (each adds 30 days after the Pro end the other left).
 */
@Injectable()
export class MobileMoneyPassesService {
  private readonly logger = new Logger(MobileMoneyPassesService.name);

  constructor(
    private readonly subscriptions: SubscriptionRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  settle(payment: VerifiedMobileMoneyPayment): Promise<SettlementOutcome> {
    return this.subscriptions.transaction(async (manager) => {
      const row = await this.subscriptions.lockByRef(manager, payment.provider, payment.txRef);
      if (!row || row.method !== 'mobile_money') return 'unknown';
      if (row.status !== 'pending') return 'already-settled';
      if (payment.status === 'pending') return 'pending';
      if (payment.status !== 'successful') {
        row.status = 'failed';
        await this.subscriptions.save(manager, row);
        return 'failed';
      }
      if (payment.amount < MOBILE_MONEY_PRICE.amount || payment.currency !== MOBILE_MONEY_PRICE.currency) {
        this.logger.warn(
          `Mobile money payment ${payment.txRef} refused: ${payment.amount} ${payment.currency} paid, ${MOBILE_MONEY_PRICE.amount} ${MOBILE_MONEY_PRICE.currency} due`,
        );
        row.status = 'failed';
        await this.subscriptions.save(manager, row);
        return 'refused';
      }
      await this.subscriptions.lockUser(manager, row.userId);
      const now = this.clock.now();
      const proEnd = await this.subscriptions.proEndOf(manager, row.userId, now);
      row.status = 'active';
      row.currentPeriodEnd = addDays(proEnd ?? now, PRO_PASS_DAYS);
      await this.subscriptions.save(manager, row);
      return 'granted';
    });
  }
}
