/** Which dictionary import (a dictionary_import_runs row) a dictionary.import job runs or resumes. */
export interface ImportDictionaryJob {
  runId: string;
}

declare module '../../../queue/job-map' {
  interface JobMap {
    'dictionary.import': { payload: ImportDictionaryJob; result: { ran: boolean } };
  }
}

export const IMPORT_DICTIONARY_JOB = 'dictionary.import';
