import { Module } from '@nestjs/common';
import { EntitlementRepository } from './entitlement.repository';
import { EntitlementService } from './entitlement.service';

/**
 * Who is Pro at an instant, read from the subscriptions billing writes. Below billing and usage
 * (docs/architecture.md#layers): quotas ask it on every metered request, payments after each change.
 */
@Module({
  providers: [EntitlementRepository, EntitlementService],
  exports: [EntitlementService],
})
export class EntitlementModule {}
