import type { UploadExtraction } from '@kasa/contracts';

/** Why a document's text cannot be read: final (retrying will not help); `code` is an ErrorCode. */
export class ExtractionError extends Error {
  override readonly name = 'ExtractionError';
  constructor(
    readonly code: 'UPLOAD_OCR_UNAVAILABLE' | 'UPLOAD_EXTRACTION_FAILED' | 'UPLOAD_EXTRACTION_LIMIT',
    message: string,
  ) {
    super(message);
  }
}

/** The extraction's time ran out while a program was reading (a scan keeps the pages it has). */
export class TimeLimitReached extends Error {
  override readonly name = 'TimeLimitReached';
}

/** When an extraction's time (UPLOAD_EXTRACTION_TIME_LIMIT_SECONDS) ends; each program gets what is left. */
export class Deadline {
  private readonly at: number;

  constructor(readonly limitMs: number) {
    this.at = Date.now() + limitMs;
  }

  remainingMs(): number {
    return this.at - Date.now();
  }

  /** A program's timeout: its own cap, or less when the extraction's time ends first. */
  timeoutFor(capMs: number): number {
    const remaining = this.remainingMs();
    if (remaining <= 0) throw new TimeLimitReached();
    return Math.min(capMs, remaining);
  }

  passed(): boolean {
    return this.remainingMs() <= 0;
  }
}

/** '10 minutes', '90 seconds'. */
export function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

/** The failure of a reading that passed its time: the extraction's (the deadline's) or one program's own. */
export const timeLimitFailure = (limitMs: number) =>
  new ExtractionError(
    'UPLOAD_EXTRACTION_LIMIT',
    `Reading this file took longer than the ${duration(limitMs)} allowed.`,
  );

export const memoryLimitFailure = (bytes: number) =>
  new ExtractionError(
    'UPLOAD_EXTRACTION_LIMIT',
    `Reading this file needed more than the ${Math.round(bytes / (1024 * 1024))} MB of memory allowed.`,
  );

/** What the OCR of a scanned PDF read and skipped (the upload's extraction status shows it). */
export type PagesRead = Required<Pick<UploadExtraction, 'pagesRead' | 'pagesTotal' | 'stoppedBy' | 'note'>>;

/**
 * Pages 1..`read` of `total` were read; why the rest were not, in the words of the extraction's
 * `note` (the UI words it from `stoppedBy` in its own language).
 */
export function pagesRead(
  read: number,
  total: number,
  stoppedBy: 'page-limit' | 'time-limit' | null,
  limits: { ocrMaxPages: number; timeLimitMs: number },
): PagesRead {
  if (!stoppedBy || read >= total) return { pagesRead: read, pagesTotal: total, stoppedBy: null, note: null };
  const skipped =
    read + 1 === total ? `Page ${total} was not read` : `Pages ${read + 1}-${total} were not read`;
  const why =
    stoppedBy === 'page-limit'
      ? `text recognition reads at most ${limits.ocrMaxPages} pages of a scanned PDF`
      : `reading it took the ${duration(limits.timeLimitMs)} allowed`;
  return { pagesRead: read, pagesTotal: total, stoppedBy, note: `${skipped}: ${why}.` };
}
