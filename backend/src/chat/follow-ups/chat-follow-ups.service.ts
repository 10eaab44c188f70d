import { Inject, Injectable, Logger } from '@nestjs/common';
import { CHAT_FOLLOW_UPS_MAX } from '@kasa/contracts';
import { CHAT_MODEL, type ChatModel, ChatModelError } from '../../ai/chat-model.port';
import { KnowledgeSearchService } from '../../ai/knowledge/knowledge-search.service';
import { detectReplyLanguage } from '../../ai/language/detect-language';
import { messageNotFound } from '../chat.errors';
import { messageNotReply } from '../feedback/chat-feedback.errors';
import { ChatModelsService } from '../models/chat-models.service';
import { followUpRequestMessages } from './follow-up-prompt';
import type { FollowUpTarget } from './follow-ups.rows';
import { FollowUpsRepository } from './follow-ups.repository';
import { parseFollowUps } from './parse-follow-ups';
import { relatedTopicQuestions } from './related-topics';

/** How long the suggestion request may take: suggestions are a nicety, never worth a long wait. */
export const FOLLOW_UPS_TIMEOUT_MS = 10_000;
/** Enough text for three short lines; a model that rambles on is cut there. */
const FOLLOW_UPS_TEXT_MAX = 2_000;
/**
 * Hits asked of the knowledge search: the advisor quoted up to three of the best ones already
 * (OfflineAdvisorModel maxHits), and the suggestions are the next best.
 */
const RELATED_HITS = 3 + CHAT_FOLLOW_UPS_MAX * 2;

/**
 * Up to three questions the user may ask next under a finished reply, made once and kept
 * (chat_messages.follow_ups). A connected model gets one small extra request, never charged to the
 * user; the offline advisor suggests the related sources its reply did not quote. A failed request
 * answers [] without keeping it, so a later request tries again. Concurrent requests for one reply
 * in this process share one attempt; across instances the first kept wins (the repository).
 */
@Injectable()
export class ChatFollowUpsService {
  private readonly logger = new Logger(ChatFollowUpsService.name);
  /**
   * Suggestions being made, by reply: one model call for a burst of identical requests. Per
   * process on purpose: another API process only repeats the call; what is kept is in the database.
   */
  private readonly inFlight = new Map<string, Promise<string[]>>();

  constructor(
    private readonly followUps: FollowUpsRepository,
    @Inject(CHAT_MODEL) private readonly model: ChatModel,
    private readonly knowledge: KnowledgeSearchService,
    private readonly models: ChatModelsService,
  ) {}

  async followUpsFor(userId: string, messageId: string): Promise<string[]> {
    const target = await this.followUps.findTarget(userId, messageId);
    if (!target) throw messageNotFound();
    if (target.role !== 'assistant') throw messageNotReply();
    // A reply still written, stopped or failed has none (yet): nothing is kept, so the request
    // after it finishes makes them.
    if (target.status !== 'complete') return [];
    if (target.followUps) return target.followUps;
    let pending = this.inFlight.get(target.id);
    if (!pending) {
      pending = this.makeAndKeep(userId, target).finally(() => this.inFlight.delete(target.id));
      this.inFlight.set(target.id, pending);
    }
    return pending;
  }

  private async makeAndKeep(userId: string, target: FollowUpTarget): Promise<string[]> {
    const made = await this.make(userId, target);
    if (made === null) return [];
    return this.followUps.store(target.id, made);
  }

  /** The suggestions, or null when they could not be made this time (not to be kept). */
  private async make(userId: string, target: FollowUpTarget): Promise<string[] | null> {
    try {
      if (!target.content.trim()) return [];
      return this.model.engine === 'offline'
        ? await this.relatedTopics(userId, target)
        : await this.askModel(userId, target);
    } catch (error) {
      const reason =
        error instanceof ChatModelError
          ? `${error.kind}: ${error.message}`
          : error instanceof Error
            ? error.message
            : String(error);
      this.logger.warn(`Follow-ups for reply ${target.id} not made (tried again later): ${reason}`);
      return null;
    }
  }

  /**
   * One request to the connected model: the one that wrote the reply while it is still configured
   * (an operator may have removed it since), else the default.
   */
  private async askModel(userId: string, target: FollowUpTarget): Promise<string[]> {
    const model = this.models.displayName(target.model) === null ? undefined : target.model!;
    const abort = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, FOLLOW_UPS_TIMEOUT_MS);
    let text = '';
    try {
      const chunks = this.model.stream({
        messages: followUpRequestMessages(target.question?.content ?? null, target.content),
        userId,
        ...(model ? { model } : {}),
        signal: abort.signal,
      });
      for await (const chunk of chunks) {
        text += chunk;
        if (text.length >= FOLLOW_UPS_TEXT_MAX) break;
      }
    } finally {
      clearTimeout(timer);
      abort.abort();
    }
    // The port ends an aborted stream quietly: a timeout is a failure, not an empty answer.
    if (timedOut) throw new Error(`no answer within ${FOLLOW_UPS_TIMEOUT_MS} ms`);
    return parseFollowUps(text);
  }

  /** The offline advisor's sources about the question that its reply did not quote. */
  private async relatedTopics(userId: string, target: FollowUpTarget): Promise<string[]> {
    const question = target.question?.content ?? '';
    const hits = await this.knowledge.search({
      text: question,
      userId,
      limit: RELATED_HITS,
      excludeIds: [target.id, ...(target.question ? [target.question.id] : [])],
    });
    return relatedTopicQuestions({
      hits,
      reply: target.content,
      conversationTitle: target.conversationTitle,
      language: detectReplyLanguage(question),
    });
  }
}
