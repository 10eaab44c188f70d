import type { UploadMimeType } from '@kasa/contracts';

/** Reads the text of one upload into its passages; the API has stored it and written its row. */
export interface ExtractUploadJob {
  userId: string;
  uploadId: string;
}

/** A scanned PDF whose text layer was read (nearly empty): its pages go to OCR. */
export interface ReadScanJob extends ExtractUploadJob {
  pageCount: number;
}

export interface ExtractUploadResult {
  status: 'done' | 'failed' | 'scan' | 'deleted';
  characters: number;
}

declare module '../../../queue/job-map' {
  interface JobMap {
    'uploads.extract': { payload: ExtractUploadJob; result: ExtractUploadResult };
    'uploads-documents.extract': { payload: ExtractUploadJob; result: ExtractUploadResult };
    'uploads-scans.extract': { payload: ReadScanJob; result: ExtractUploadResult };
  }
}

/**
 * Three queues, so that a cheap extraction never waits behind a costly one
 * (docs/operations.md#uploaded-documents-and-ocr): text files (seconds, on a worker thread);
 * documents and photos (one program each); scanned PDFs (OCR page by page, up to the page cap
 * and the time limit), handed over by the documents queue once it finds no text layer.
 */
export const EXTRACT_TEXT_JOB = 'uploads.extract';
export const EXTRACT_DOCUMENT_JOB = 'uploads-documents.extract';
export const READ_SCAN_JOB = 'uploads-scans.extract';
export const EXTRACTION_JOBS = [EXTRACT_TEXT_JOB, EXTRACT_DOCUMENT_JOB, READ_SCAN_JOB] as const;

const TEXT_TYPES: readonly UploadMimeType[] = ['text/plain', 'text/csv', 'application/json'];

/** The job that reads an upload of this type first. */
export function extractionJobOf(
  mimeType: UploadMimeType,
): typeof EXTRACT_TEXT_JOB | typeof EXTRACT_DOCUMENT_JOB {
  return TEXT_TYPES.includes(mimeType) ? EXTRACT_TEXT_JOB : EXTRACT_DOCUMENT_JOB;
}
