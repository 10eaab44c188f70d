import { Injectable } from '@nestjs/common';
import type { JobReservation, JobUsageLedger } from '../queue/job-usage.port';
import { Reservation } from './reservation';
import { UsageRepository } from './usage.repository';

/** The queue's view of the usage counters (queue/job-usage.port.ts): settling and refunding jobs. */
@Injectable()
export class UsageJobLedger implements JobUsageLedger {
  constructor(private readonly usage: UsageRepository) {}

  settleJob(key: string, reserved: JobReservation, used: number): Promise<number | null> {
    return this.usage.settleJob(key, reserved, used);
  }

  /** Through Reservation.fromJSON, which refuses an amount that is not a positive whole number. */
  refund(reserved: JobReservation): Promise<void> {
    return Reservation.fromJSON(reserved, (reservation) =>
      this.usage.refund(reservation, reservation.amount),
    ).refund();
  }
}
