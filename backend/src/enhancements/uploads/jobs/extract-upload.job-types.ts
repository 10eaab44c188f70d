/** Reads the text of one upload into its passages; the API has stored it and written its row. */
export interface ExtractUploadJob {
  userId: string;
  uploadId: string;
}

export interface ExtractUploadResult {
  status: 'done' | 'failed';
  characters: number;
}

declare module '../../../queue/job-map' {
  interface JobMap {
    'uploads.extract': { payload: ExtractUploadJob; result: ExtractUploadResult };
  }
}

export const EXTRACT_UPLOAD_JOB = 'uploads.extract';
