import type { UsageFeature } from '@kasa/contracts';
import type { CounterKey } from './usage.repository';

/**
 * Usage taken before the work it pays for. Refund it when the work fails: the amount goes back
 * to the month it was taken from (even after the month changed), once, however often refund is
 * called.
 */
export class Reservation {
  readonly userId: string;
  readonly feature: UsageFeature;
  /** The counter's month, 'YYYY-MM-01' (UTC). */
  readonly period: string;
  private refunded = false;

  constructor(
    key: CounterKey,
    readonly amount: number,
    private readonly giveBack: (reservation: Reservation) => Promise<void>,
  ) {
    this.userId = key.userId;
    this.feature = key.feature;
    this.period = key.period;
  }

  /** Never rejects: a refund that cannot be stored is logged, and the work's own error matters more. */
  refund(): Promise<void> {
    if (this.refunded) return Promise.resolve();
    this.refunded = true;
    return this.giveBack(this);
  }
}
