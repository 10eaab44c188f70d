import { Injectable } from '@nestjs/common';
import type { PlanId } from '@kasa/contracts';
import { type Entitlement, EntitlementRepository } from './entitlement.repository';

/**
 * Reads entitlement from stored subscriptions and the given instant, so an expired Pro is Basic
 * without any job having to run. The instant comes from the caller's clock (tests inject one).
 */
@Injectable()
export class EntitlementService {
  constructor(private readonly repository: EntitlementRepository) {}

  entitlementOf(userId: string, at: Date): Promise<Entitlement> {
    return this.repository.entitlementAt(userId, at);
  }

  async planOf(userId: string, at: Date): Promise<PlanId> {
    return (await this.entitlementOf(userId, at)).plan;
  }
}
