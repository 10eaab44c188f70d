import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { MobileMoneyPaymentResponse } from '@kasa/contracts';
import type { PlanCatalog } from '../../plans';
import { PaymentRefused } from '../core/payment-refused';
import type { SubscriptionRepository } from '../core/subscription.repository';
import type { MobileMoneyEngine, MobileMoneyRequest } from '../mobile-money/mobile-money-engine';
import {
  approveOnPhone,
  finishOnPage,
  PROVIDER_UNAVAILABLE,
  PROVIDER_UNREACHABLE,
  providerRefused,
  requestSent,
} from '../mobile-money/mobile-money-texts';
import { MOBILE_MONEY_ROUTE } from '../pricing';
import { type FlutterwaveClient, FlutterwaveError } from './flutterwave.client';

/**
 * Mobile money on Flutterwave v3 (francophone mobile money, XAF, Cameroon), charging Pro's XAF
 * price from the plan table. The pending row is stored before the charge so the webhook, however
 * fast, finds the tx_ref it pays.
 */
export class FlutterwaveMobileMoneyEngine implements MobileMoneyEngine {
  private readonly logger = new Logger(FlutterwaveMobileMoneyEngine.name);

  constructor(
    private readonly flutterwave: FlutterwaveClient,
    private readonly subscriptions: SubscriptionRepository,
    private readonly plans: PlanCatalog,
    private readonly publicUrl: string | undefined,
  ) {}

  async requestPayment(request: MobileMoneyRequest): Promise<MobileMoneyPaymentResponse> {
    const { priceXaf } = await this.plans.limitsOf('PRO_PLAN');
    const txRef = `kasa-${randomUUID()}`;
    await this.subscriptions.transaction((manager) =>
      this.subscriptions.insert(manager, {
        userId: request.userId,
        method: 'mobile_money',
        provider: 'flutterwave',
        providerRef: txRef,
        status: 'pending',
        currentPeriodEnd: null,
      }),
    );
    try {
      const { redirectUrl } = await this.flutterwave.chargeMobileMoneyFranco({
        tx_ref: txRef,
        amount: priceXaf,
        currency: MOBILE_MONEY_ROUTE.currency,
        country: MOBILE_MONEY_ROUTE.country,
        email: request.email,
        phone_number: request.phoneDigits,
        fullname: request.fullName,
        network: request.network,
        ...(this.publicUrl ? { redirect_url: `${this.publicUrl}/subscription` } : {}),
        meta: { kasa_user_id: request.userId },
      });
      if (redirectUrl) return { success: true, payment_url: redirectUrl, message: finishOnPage(priceXaf) };
      return {
        success: true,
        message: requestSent(request.phoneDigits, priceXaf),
        instructions: approveOnPhone(request.network, priceXaf),
      };
    } catch (error) {
      await this.markFailed(txRef);
      if (!(error instanceof FlutterwaveError)) throw error;
      this.logger.warn(
        `Mobile money charge ${txRef} failed: ${error.httpStatus ?? 'unreachable'} ${error.message}`,
      );
      throw this.refusal(error);
    }
  }

  private refusal(error: FlutterwaveError): PaymentRefused {
    if (error.httpStatus === null)
      return new PaymentRefused(502, 'BILLING_MOBILE_MONEY_UNREACHABLE', PROVIDER_UNREACHABLE);
    // 400 / 422: the provider refused this payment (e.g. the number): the user can act on it.
    if (error.httpStatus === 400 || error.httpStatus === 422)
      return new PaymentRefused(400, 'BILLING_MOBILE_MONEY_REFUSED', providerRefused(error.message));
    // 401 / 403 (our keys), 5xx, anything else: nothing the user can change.
    return new PaymentRefused(502, 'BILLING_MOBILE_MONEY_UNAVAILABLE', PROVIDER_UNAVAILABLE);
  }

  private markFailed(txRef: string): Promise<void> {
    return this.subscriptions.transaction(async (manager) => {
      const row = await this.subscriptions.lockByRef(manager, 'flutterwave', txRef);
      if (row?.status !== 'pending') return;
      row.status = 'failed';
      await this.subscriptions.save(manager, row);
    });
  }
}
