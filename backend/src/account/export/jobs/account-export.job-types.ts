/** Builds the ZIP of one export; the API has written its queued row. */
export interface AccountExportJob {
  exportId: string;
}

export interface AccountExportResult {
  /** 'skipped': the export was gone (its user deleted) or no longer in progress. */
  status: 'completed' | 'skipped';
}

declare module '../../../queue/job-map' {
  interface JobMap {
    'account.export': { payload: AccountExportJob; result: AccountExportResult };
  }
}

export const ACCOUNT_EXPORT_JOB = 'account.export';
/** Tries per export: a storage or database hiccup is retried, a crash mid-job is a stall. */
export const ACCOUNT_EXPORT_ATTEMPTS = 3;
export const ACCOUNT_EXPORT_BACKOFF_MS = 2000;

/** One BullMQ job per export (BullMQ refuses ':' in custom ids), so the job can find its own tries. */
export function accountExportJobId(exportId: string): string {
  return `account-export-${exportId}`;
}
