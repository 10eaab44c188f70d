import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { BillingModule } from '../billing';
import { PlanCatalog } from './plan-catalog';
import { SubscriptionStatusController } from './subscription-status.controller';
import { UsageRepository } from './usage.repository';
import { UsageService } from './usage.service';

/**
 * Plans and monthly quotas (spec §3, §9; DESIGN.md "Quotas"): the plan table, usage counters,
 * the usage-limit 429, and GET /api/subscription/status and /plans. See index.ts for metering.
 */
@Module({
  imports: [AuthModule, BillingModule],
  controllers: [SubscriptionStatusController],
  providers: [UsageRepository, PlanCatalog, UsageService],
  exports: [UsageService],
})
export class UsageModule {}
