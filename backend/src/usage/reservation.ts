import type { UsageFeature } from '@kasa/contracts';
import type { CounterKey } from './usage.repository';

/** A reservation as plain data (JSON): what a job carries to refund it in another process. */
export interface ReservedUsage extends CounterKey {
  amount: number;
  /**
   * The plan's limit of the feature when it was reserved (negative: unlimited): how far a job
   * whose real use passed the estimate may charge more (UsageRepository.settleJob).
   */
  limit?: number;
}

/**
 * Usage taken before the work it pays for. Refund it when the work fails: the amount goes back
 * to the month it was taken from (even after the month changed), once, however often refund is
 * called. `toJSON()` gives what a job carries and `Reservation.fromJSON` turns it back into a
 * Reservation in the worker (the once-only guard is per object: there, the job's final failure is
 * the single caller).
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
    readonly limit?: number,
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

  /** The amount went back another way (a job's settlement): refund() does nothing from now on. */
  markGivenBack(): void {
    this.refunded = true;
  }

  static fromJSON(
    reserved: ReservedUsage,
    giveBack: (reservation: Reservation) => Promise<void>,
  ): Reservation {
    if (!Number.isSafeInteger(reserved.amount) || reserved.amount < 1)
      throw new Error(`A usage reservation needs a positive whole amount, not ${reserved.amount}.`);
    const { userId, period, feature } = reserved;
    return new Reservation({ userId, period, feature }, reserved.amount, giveBack, reserved.limit);
  }

  toJSON(): ReservedUsage {
    const { userId, feature, period, amount, limit } = this;
    return { userId, feature, period, amount, ...(limit === undefined ? {} : { limit }) };
  }
}
