import { Inject, Injectable } from '@nestjs/common';
import {
  readMobileNumber,
  ROUTED_MOBILE_MONEY_NETWORKS,
  type MobileMoneyPaymentResponse,
} from '@kasa/contracts';
import { APP_CONFIG, type AppConfig } from '../../config';
import type { User } from '../../users';
import { PaymentRefused } from '../core/payment-refused';
import { MOBILE_MONEY_ENGINE, type MobileMoneyEngine } from './mobile-money-engine';
import type { MobileMoneyPaymentDto } from './mobile-money.dto';
import { noRoute, notAMobileNumber } from './mobile-money-texts';

/** POST /api/flutterwave/create-mobile-money-payment: Pro's XAF price for 30 days of Pro (docs/product.md#checkout). */
@Injectable()
export class MobileMoneyService {
  private readonly countryCode: string;

  constructor(
    @Inject(MOBILE_MONEY_ENGINE) private readonly engine: MobileMoneyEngine,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.countryCode = config.payments.mobileMoneyCountryCode;
  }

  /**
   * Refuses what no provider could route before asking one: a network without a route, a number
   * that is no mobile number of the payment country (read as the form reads it: @kasa/contracts'
   * readMobileNumber). The providers' failures are PaymentRefused.
   */
  requestPayment(user: User, body: MobileMoneyPaymentDto): Promise<MobileMoneyPaymentResponse> {
    if (!ROUTED_MOBILE_MONEY_NETWORKS.includes(body.network))
      throw new PaymentRefused(400, 'BILLING_NETWORK_UNSUPPORTED', noRoute(body.network));
    const phone = readMobileNumber(body.phone_number, this.countryCode);
    if (phone.kind !== 'mobile')
      throw new PaymentRefused(400, 'BILLING_PHONE_INVALID', notAMobileNumber(this.countryCode));
    return this.engine.requestPayment({
      userId: user.id,
      phoneDigits: phone.e164.slice(1),
      network: body.network,
      email: body.email,
      fullName: body.full_name,
    });
  }
}
