import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { EntitlementModule } from '../entitlement';
import { PlansModule } from '../plans';
import { JobUsageSettlementsCleanup } from './job-usage-settlements.cleanup';
import { SubscriptionStatusController } from './subscription-status.controller';
import { UsageAlerts } from './usage-alerts';
import { UsageRepository } from './usage.repository';
import { UsageService } from './usage.service';

/**
 * Monthly quotas on the plan table of PlansModule (docs/product.md#plans-and-limits,
 * docs/architecture.md#data-flow-a-metered-request): usage counters, the usage-limit 429, and
 * GET /api/subscription/status and /plans. See index.ts for metering.
 */
@Module({
  imports: [AuthModule, EntitlementModule, PlansModule],
  controllers: [SubscriptionStatusController],
  providers: [UsageRepository, UsageAlerts, UsageService, JobUsageSettlementsCleanup],
  exports: [UsageService],
})
export class UsageModule {}
