// How the reading of an upload's text stands, in the words of the upload dialog's list: waiting,
// reading (with its progress), read (and which pages of a scan were skipped, and why), or why it
// could not be read (the error code's text, else the server's words).
import type { UploadExtraction } from '@kasa/contracts';
import type { Translate } from '@kasa/ui';
import type { uploadMessages } from './upload-messages';

type UploadText = Translate<keyof (typeof uploadMessages)['en']>;

/** The pages of a scan that were not read, said in the user's language (null when none were skipped). */
export function skippedPages(extraction: UploadExtraction, t: UploadText): string | null {
  const { pagesRead: read, pagesTotal: total, stoppedBy } = extraction;
  if (!stoppedBy || read == null || total == null || read >= total) return null;
  const vars = { from: read + 1, to: total, read };
  const single = read + 1 === total;
  if (stoppedBy === 'page-limit') return t(single ? 'pageSkipped' : 'pagesSkipped', vars);
  return t(single ? 'pageSkippedTime' : 'pagesSkippedTime', vars);
}

/** The status line: 'Reading… 40%', 'Text read', or the reason it failed. */
export function extractionStatus(
  extraction: UploadExtraction,
  t: UploadText,
  errorText: (error: unknown, fallback?: string) => string,
): string {
  switch (extraction.status) {
    case 'pending':
      return t('waitingToRead');
    case 'running':
      return t('reading', { percent: Math.round(extraction.progress) });
    case 'done':
      return extraction.characters ? t('read') : t('readNothing');
    default:
      return `${t('notRead')}: ${errorText({ code: extraction.code, message: extraction.error }, t('notRead'))}`;
  }
}
