import type { MobileMoneyPaymentResponse } from '@kasa/contracts';
import type { PlanCatalog } from '../../plans';
import type { SubscriptionRepository } from '../core/subscription.repository';
import type { MobileMoneyEngine, MobileMoneyRequest } from '../mobile-money/mobile-money-engine';
import { approveInSandbox, requestSent } from '../mobile-money/mobile-money-texts';
import { newSandboxCheckoutId, sandboxCheckoutUrl } from './sandbox-checkout-link';

/**
 * Mobile money without Flutterwave: the "prompt on the phone" is a local page where the tester
 * approves or declines; approval is settled like a verified Flutterwave payment.
 */
export class SandboxMobileMoneyEngine implements MobileMoneyEngine {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly plans: PlanCatalog,
  ) {}

  async requestPayment(request: MobileMoneyRequest): Promise<MobileMoneyPaymentResponse> {
    const { priceXaf } = await this.plans.limitsOf('PRO_PLAN');
    const checkoutId = newSandboxCheckoutId();
    await this.subscriptions.transaction((manager) =>
      this.subscriptions.insert(manager, {
        userId: request.userId,
        method: 'mobile_money',
        provider: 'sandbox',
        providerRef: checkoutId,
        status: 'pending',
        currentPeriodEnd: null,
      }),
    );
    return {
      success: true,
      message: requestSent(request.phoneDigits, priceXaf),
      instructions: approveInSandbox(request.network, priceXaf),
      checkoutUrl: sandboxCheckoutUrl(checkoutId),
    };
  }
}
