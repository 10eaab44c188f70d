import { Injectable } from '@nestjs/common';
import { PLAN_IDS, type PlanId, type PlanLimits } from '@kasa/contracts';
import { PlansRepository } from './plans.repository';

export type PlanTable = Readonly<Record<PlanId, Readonly<PlanLimits>>>;

/**
 * The plan table (docs/product.md#plans-and-limits: the only truth for prices and limits), read once on
 * first use and kept in memory: plans change only by migration (which means a restart), and
 * every metered request, status read and payment needs them.
 */
@Injectable()
export class PlanCatalog {
  private loading: Promise<PlanTable> | null = null;

  constructor(private readonly repository: PlansRepository) {}

  /** Every plan, keyed by id (shared: never modify it). */
  all(): Promise<PlanTable> {
    this.loading ??= this.read().catch((error: unknown) => {
      // A failed read (database briefly away) is tried again by the next request.
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  async limitsOf(plan: PlanId): Promise<Readonly<PlanLimits>> {
    return (await this.all())[plan];
  }

  /**
   * Forgets the table and reads it again. For whoever changes the plans table without a restart
   * (tests, an admin tool): everything that reads plans afterwards sees the new rows.
   */
  reload(): Promise<PlanTable> {
    this.loading = null;
    return this.all();
  }

  private async read(): Promise<PlanTable> {
    const plans = await this.repository.loadPlans();
    const missing = PLAN_IDS.filter((id) => !plans.has(id));
    if (missing.length) throw new Error(`The plans table lacks ${missing.join(', ')}.`);
    return Object.fromEntries(PLAN_IDS.map((id) => [id, plans.get(id)!])) as PlanTable;
  }
}
