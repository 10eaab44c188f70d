import { Inject, Injectable } from '@nestjs/common';
import type { ResearchListResponse, ResearchProgress, ResearchResponse } from '@kasa/contracts';
import type { ReplyLanguage } from '../../ai/language/detect-language';
import { ChatService } from '../../chat';
import { APP_CONFIG, type AppConfig } from '../../config';
import { QueueService } from '../../queue';
import type { User } from '../../users';
import { UsageService } from '../../usage';
import type { ResearchDto } from './dto/research.dto';
import { RUN_RESEARCH_JOB } from './jobs/run-research.job-types';
import { researchNotFound } from './research.errors';
import { ResearchRepository } from './research.repository';

/** Room beyond the steps' own budgets for the queue, the database and the worker. */
const JOB_MARGIN_MS = 15_000;

/**
 * Research from the composer (docs/architecture.md#jobs): takes one web search of the month's
 * quota and waits for the research.run job, which carries the reservation (refunded by the worker
 * if the job finally fails, or here if no worker took it). Progress is stored per requestId.
 */
@Injectable()
export class ResearchService {
  private readonly jobTimeoutMs: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly queue: QueueService,
    private readonly usage: UsageService,
    private readonly chat: ChatService,
    private readonly repository: ResearchRepository,
  ) {
    const { search, research } = config.enhancements;
    const { ai } = config;
    // Wikipedia (two languages at worst) beside the providers one after another, then the pages
    // side by side, then the model with its retries.
    const searching = Math.max(2 * research.fetchTimeoutMs, search.timeoutMs * search.providers.length);
    const fetching = research.fetchTimeoutMs;
    const summarising = ai.requestTimeoutMs * (Math.max(0, ai.maxRetries) + 1);
    this.jobTimeoutMs = searching + fetching + summarising + JOB_MARGIN_MS;
  }

  async research(user: User, request: ResearchDto, language: ReplyLanguage): Promise<ResearchResponse> {
    const { query, conversationId, requestId } = request;
    // A conversation that is not the user's is a 404 before anything is charged.
    if (conversationId) await this.chat.assertOwned(user, conversationId);
    const reservation = await this.usage.reserve(user.id, 'webSearchesPerMonth');
    try {
      if (requestId) await this.repository.setProgress(user.id, requestId, { stage: 'queued', percent: 0 });
    } catch (error) {
      await reservation.refund();
      throw error;
    }
    try {
      const saved = await this.queue.runJob(
        RUN_RESEARCH_JOB,
        {
          userId: user.id,
          query,
          language,
          ...(conversationId ? { conversationId } : {}),
          ...(requestId ? { requestId } : {}),
        },
        { timeoutMs: this.jobTimeoutMs, reservation, attempts: 1 },
      );
      return {
        success: true,
        id: saved.id,
        query: saved.query,
        summary: saved.summary,
        sources: saved.sources,
        mode: saved.mode,
      };
    } catch (error) {
      if (requestId)
        await this.repository
          .setProgress(user.id, requestId, { stage: 'failed', percent: 100 })
          .catch(() => undefined);
      throw error;
    }
  }

  list(user: User): Promise<ResearchListResponse> {
    return this.repository.list(user.id).then((research) => ({ research }));
  }

  async progress(user: User, requestId: string): Promise<ResearchProgress> {
    const progress = await this.repository.progress(user.id, requestId);
    if (!progress) throw researchNotFound();
    return progress;
  }
}
