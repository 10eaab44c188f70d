import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth';
import { APP_CONFIG, type AppConfig } from '../config';
import { EntitlementModule } from '../entitlement';
import { PlanCatalog, PlansModule } from '../plans';
import { CARD_PAYMENT_ENGINE, type CardPaymentEngine } from './card/card-payment-engine';
import { CardSubscriptionClosure } from './card/card-subscription-closure';
import { CardSubscriptionController } from './card/card-subscription.controller';
import { CardSubscriptionLifecycle } from './card/card-subscription.lifecycle';
import { CardSubscriptionService } from './card/card-subscription.service';
import { PaymentEventsService } from './core/payment-events.service';
import { SubscriptionRepository } from './core/subscription.repository';
import { PaymentEventEntity } from './entities/payment-event.entity';
import { StripeCustomerEntity } from './entities/stripe-customer.entity';
import { SubscriptionEntity } from './entities/subscription.entity';
import { FLUTTERWAVE_CLIENT, FlutterwaveClient } from './flutterwave/flutterwave.client';
import { FlutterwaveMobileMoneyEngine } from './flutterwave/flutterwave-mobile-money.engine';
import { FlutterwaveWebhookService } from './flutterwave/flutterwave-webhook.service';
import { MOBILE_MONEY_ENGINE, type MobileMoneyEngine } from './mobile-money/mobile-money-engine';
import { MobileMoneyPassesService } from './mobile-money/mobile-money-passes.service';
import { MobileMoneyController } from './mobile-money/mobile-money.controller';
import { MobileMoneyService } from './mobile-money/mobile-money.service';
import { BillingHistoryController } from './payment-records/billing-history.controller';
import { PaymentRecordEntity } from './payment-records/payment-record.entity';
import { PaymentRecordsRepository } from './payment-records/payment-records.repository';
import { PaymentRecordsService } from './payment-records/payment-records.service';
import { SandboxCardEngine } from './sandbox/sandbox-card.engine';
import { SandboxCheckoutController } from './sandbox/sandbox-checkout.controller';
import { SandboxCheckoutService } from './sandbox/sandbox-checkout.service';
import { SandboxMobileMoneyEngine } from './sandbox/sandbox-mobile-money.engine';
import { createStripeAccount, STRIPE_ACCOUNT, type StripeAccount } from './stripe/stripe-account';
import { StripeCardEngine } from './stripe/stripe-card.engine';
import { StripeCustomerRepository } from './stripe/stripe-customer.repository';
import { StripeWebhookController } from './stripe/stripe-webhook.controller';
import { StripeWebhookService } from './stripe/stripe-webhook.service';

/**
 * Payments (docs/product.md#checkout): Stripe cards, Flutterwave mobile money, and the sandbox
 * checkout for whichever has no keys, at the prices of the plan table (PlansModule; a Stripe
 * card is charged by its STRIPE_PRICE_ID). Who is Pro is EntitlementModule's (entitlement/).
 */
@Module({
  imports: [
    AuthModule,
    EntitlementModule,
    PlansModule,
    TypeOrmModule.forFeature([
      SubscriptionEntity,
      StripeCustomerEntity,
      PaymentEventEntity,
      PaymentRecordEntity,
    ]),
  ],
  controllers: [
    CardSubscriptionController,
    StripeWebhookController,
    MobileMoneyController,
    SandboxCheckoutController,
    BillingHistoryController,
  ],
  providers: [
    SubscriptionRepository,
    PaymentEventsService,
    CardSubscriptionLifecycle,
    CardSubscriptionService,
    StripeCustomerRepository,
    StripeWebhookService,
    MobileMoneyPassesService,
    MobileMoneyService,
    FlutterwaveWebhookService,
    SandboxCheckoutService,
    PaymentRecordsRepository,
    PaymentRecordsService,
    CardSubscriptionClosure,
    {
      provide: STRIPE_ACCOUNT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): StripeAccount | null =>
        config.payments.card.engine === 'stripe' ? createStripeAccount(config.payments.card) : null,
    },
    {
      provide: CARD_PAYMENT_ENGINE,
      inject: [STRIPE_ACCOUNT, SubscriptionRepository, StripeCustomerRepository, CardSubscriptionLifecycle],
      useFactory: (
        stripe: StripeAccount | null,
        subscriptions: SubscriptionRepository,
        customers: StripeCustomerRepository,
        lifecycle: CardSubscriptionLifecycle,
      ): CardPaymentEngine =>
        stripe
          ? new StripeCardEngine(stripe, subscriptions, customers, lifecycle)
          : new SandboxCardEngine(subscriptions),
    },
    {
      provide: FLUTTERWAVE_CLIENT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): FlutterwaveClient | null =>
        config.payments.mobileMoney.engine === 'flutterwave'
          ? new FlutterwaveClient(config.payments.mobileMoney)
          : null,
    },
    {
      provide: MOBILE_MONEY_ENGINE,
      inject: [FLUTTERWAVE_CLIENT, SubscriptionRepository, PlanCatalog, APP_CONFIG],
      useFactory: (
        flutterwave: FlutterwaveClient | null,
        subscriptions: SubscriptionRepository,
        plans: PlanCatalog,
        config: AppConfig,
      ): MobileMoneyEngine =>
        flutterwave
          ? new FlutterwaveMobileMoneyEngine(flutterwave, subscriptions, plans, config.publicUrl)
          : new SandboxMobileMoneyEngine(subscriptions, plans),
    },
  ],
  exports: [PaymentRecordsService, CardSubscriptionClosure],
})
export class BillingModule {}
