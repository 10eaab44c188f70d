import type { ImageSize } from '@kasa/contracts';

/** What a media.generate job draws, for whom, and where its file belongs. */
export interface GenerateImageJob {
  userId: string;
  prompt: string;
  size: ImageSize;
  /** The file is stored in this conversation (deleted with it); the API checked it is the user's. */
  conversationId?: string;
}

/** The stored PNG and what the engine said about it; the API signs the link. */
export interface GeneratedImageFile {
  fileId: string;
  format: 'png';
  metadata: { model: string; size: ImageSize; revised_prompt?: string };
}

declare module '../../queue/job-map' {
  interface JobMap {
    'media.generate': { payload: GenerateImageJob; result: GeneratedImageFile };
  }
}

export const GENERATE_MEDIA_JOB = 'media.generate';
