import { resumeOffsetInvalid } from '../chat.errors';

/** The largest offset accepted: replies are far shorter; a longer number is not one of our ids. */
const MAX_OFFSET = 2 ** 31 - 1;

/**
 * The offset a resume starts after: the `Last-Event-ID` header (what EventSource sends when it
 * reconnects), else the `lastEventId` query (clients that cannot set headers), else 0 (the whole
 * reply). Anything but a non-negative decimal integer is a 400.
 */
export function resumeOffsetOf(header: string | string[] | undefined, query: unknown): number {
  const raw = header !== undefined ? header : query;
  if (raw === undefined) return 0;
  if (typeof raw !== 'string') throw resumeOffsetInvalid();
  const value = raw.trim();
  if (!/^\d{1,10}$/.test(value)) throw resumeOffsetInvalid();
  const offset = Number(value);
  if (offset > MAX_OFFSET) throw resumeOffsetInvalid();
  return offset;
}
