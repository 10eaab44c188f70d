import type { ReservedUsage } from '../usage/reservation';

/**
 * Where a job carries the usage its request reserved, beside the payload's own fields; the
 * worker takes it out before the handler sees the payload.
 */
const RESERVATION_FIELD = '_reservation';

export function jobData(payload: object, reserved?: ReservedUsage): object {
  return reserved ? { ...payload, [RESERVATION_FIELD]: reserved } : payload;
}

export function splitJobData(data: unknown): { payload: unknown; reserved?: ReservedUsage } {
  if (!data || typeof data !== 'object' || !(RESERVATION_FIELD in data)) return { payload: data };
  const { [RESERVATION_FIELD]: reserved, ...payload } = data as Record<string, unknown>;
  return { payload, reserved: reserved as ReservedUsage };
}
