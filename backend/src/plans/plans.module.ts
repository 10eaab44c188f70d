import { Module } from '@nestjs/common';
import { PlanCatalog } from './plan-catalog';
import { PlansRepository } from './plans.repository';

/**
 * The plan table (docs/product.md#plans-and-limits: prices and monthly limits), cached in memory. Its own module so
 * that quotas (UsageModule) and payments (BillingModule) read the same table.
 */
@Module({
  providers: [PlansRepository, PlanCatalog],
  exports: [PlanCatalog],
})
export class PlansModule {}
