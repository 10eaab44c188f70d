import type { Reservation } from '../usage';
import { ApiException } from '../common/api-exception';

/** The first day of the month a reservation was counted in: where its refund goes. */
export function periodStart(reservation: Pick<Reservation, 'period'>): Date {
  return new Date(`${reservation.period}T00:00:00Z`);
}

/** The wait for a voice job ended while it still runs: it settles its own seconds (a successor finishes). */
export function isJobTimeout(error: unknown): boolean {
  return error instanceof ApiException && (error.getResponse() as { code?: string }).code === 'JOB_TIMEOUT';
}
