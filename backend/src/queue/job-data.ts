import type { JobReservation } from './job-usage.port';

/**
 * Where a job carries, beside the payload's own fields, the usage its request reserved and its
 * key (a UUID made when it is added, the same on every run of the job: what its settlement and
 * its stored output are keyed by). The worker takes both out before the handler sees the payload.
 */
const RESERVATION_FIELD = '_reservation';
const KEY_FIELD = '_jobKey';

export function jobData(payload: object, reserved?: JobReservation, key?: string): object {
  if (!reserved && !key) return payload;
  return {
    ...payload,
    ...(reserved ? { [RESERVATION_FIELD]: reserved } : {}),
    ...(key ? { [KEY_FIELD]: key } : {}),
  };
}

export function splitJobData(data: unknown): { payload: unknown; reserved?: JobReservation; key?: string } {
  if (!data || typeof data !== 'object' || !(RESERVATION_FIELD in data || KEY_FIELD in data))
    return { payload: data };
  const { [RESERVATION_FIELD]: reserved, [KEY_FIELD]: key, ...payload } = data as Record<string, unknown>;
  return {
    payload,
    ...(reserved ? { reserved: reserved as JobReservation } : {}),
    ...(typeof key === 'string' ? { key } : {}),
  };
}
