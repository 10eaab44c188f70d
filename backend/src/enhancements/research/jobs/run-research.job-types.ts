import type { SavedResearch } from '@kasa/contracts';
import type { ReplyLanguage } from '../../../ai/language/detect-language';

/** What a research.run job researches, for whom, and where it reports its progress. */
export interface RunResearchJob {
  userId: string;
  query: string;
  /** The summary's language and Wikipedia's (English is the fallback when it finds nothing). */
  language: ReplyLanguage;
  /** Saved with the research; the API checked it is the user's. */
  conversationId?: string;
  /** The client's id for GET /api/enhancements/research/progress/{requestId}. */
  requestId?: string;
}

declare module '../../../queue/job-map' {
  interface JobMap {
    'research.run': { payload: RunResearchJob; result: SavedResearch };
  }
}

export const RUN_RESEARCH_JOB = 'research.run';
