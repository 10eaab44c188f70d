import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EntitlementService } from './entitlement/entitlement.service';
import { SubscriptionEntity } from './entities/subscription.entity';

/**
 * Payments (DESIGN.md "Payments"): Stripe cards, Flutterwave mobile money, and the sandbox
 * checkout when neither is configured. Exports the entitlement other modules read.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SubscriptionEntity])],
  providers: [EntitlementService],
  exports: [EntitlementService],
})
export class BillingModule {}
