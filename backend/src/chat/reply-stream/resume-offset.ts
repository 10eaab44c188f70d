import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../../common';

export const RESUME_OFFSET_INVALID =
  'Last-Event-ID must be a whole number of at least 0 (an id of the stream).';
export const RESUME_OFFSET_BEYOND = 'Last-Event-ID is beyond the text of this reply.';
/** The largest offset accepted: replies are far shorter; a longer number is not one of our ids. */
const MAX_OFFSET = 2 ** 31 - 1;

const invalid = (message: string) =>
  new ApiException(HttpStatus.BAD_REQUEST, 'VALIDATION_FAILED', message, [message]);

/**
 * The offset a resume starts after: the `Last-Event-ID` header (what EventSource sends when it
 * reconnects), else the `lastEventId` query (clients that cannot set headers), else 0 (the whole
 * reply). Anything but a non-negative decimal integer is a 400.
 */
export function resumeOffsetOf(header: string | string[] | undefined, query: unknown): number {
  const raw = header !== undefined ? header : query;
  if (raw === undefined) return 0;
  if (typeof raw !== 'string') throw invalid(RESUME_OFFSET_INVALID);
  const value = raw.trim();
  if (!/^\d{1,10}$/.test(value)) throw invalid(RESUME_OFFSET_INVALID);
  const offset = Number(value);
  if (offset > MAX_OFFSET) throw invalid(RESUME_OFFSET_INVALID);
  return offset;
}

/** A 400 for an offset past the reply's text (not an id this reply ever sent). */
export function offsetBeyondText(): ApiException {
  return invalid(RESUME_OFFSET_BEYOND);
}
