import { Inject, Injectable } from '@nestjs/common';
import type { MobileMoneyPaymentResponse } from '@kasa/contracts';
import type { User } from '../../users';
import { PaymentRefused } from '../core/payment-refused';
import { ROUTED_NETWORKS } from '../pricing';
import { MOBILE_MONEY_ENGINE, type MobileMoneyEngine } from './mobile-money-engine';
import type { MobileMoneyPaymentDto } from './mobile-money.dto';
import { CAMEROON_ONLY, noRoute } from './mobile-money-texts';

/** POST /api/flutterwave/create-mobile-money-payment: Pro's XAF price for 30 days of Pro (docs/product.md#checkout). */
@Injectable()
export class MobileMoneyService {
  constructor(@Inject(MOBILE_MONEY_ENGINE) private readonly engine: MobileMoneyEngine) {}

  /** Refuses what no provider could route before asking one; their failures are PaymentRefused. */
  requestPayment(user: User, body: MobileMoneyPaymentDto): Promise<MobileMoneyPaymentResponse> {
    if (!ROUTED_NETWORKS.includes(body.network))
      throw new PaymentRefused(400, 'BILLING_NETWORK_UNSUPPORTED', noRoute(body.network));
    const phoneDigits = body.phone_number.replace(/^\+/, '');
    if (!phoneDigits.startsWith('237'))
      throw new PaymentRefused(400, 'BILLING_PHONE_NOT_CAMEROON', CAMEROON_ONLY);
    return this.engine.requestPayment({
      userId: user.id,
      phoneDigits,
      network: body.network,
      email: body.email,
      fullName: body.full_name,
    });
  }
}
