import { Inject, Injectable } from '@nestjs/common';
import type { RegenerateReplyRequest } from '@kasa/contracts';
import { APP_CONFIG, type AppConfig } from '../../config';
import { UsageService } from '../../usage';
import type { User } from '../../users';
import { ChatAttachmentsService } from '../attachments/chat-attachments.service';
import { messageNotFound, notAReply, replyStillWriting, serverRestarting } from '../chat.errors';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { ChatGenerationService } from '../generation/chat-generation.service';
import { ChatModelsService } from '../models/chat-models.service';
import { ChatPromptContextRegistry } from '../prompt/prompt-context.registry';
import { regenerateHash } from '../send-keys/request-hash';
import { type ReplyQuestion, ReplyStarter, type RetriedChat, type StartedChat } from '../turns/reply-starter';
import { TurnRepository } from '../turns/turn.repository';
import { MessageVersionsRepository } from './message-versions.repository';
import type { RegenerationTarget } from './message-versions.rows';

/** New versions of replies (docs/architecture.md#versions-and-branches). */
@Injectable()
export class ChatRegenerationService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly versions: MessageVersionsRepository,
    private readonly conversations: ConversationsRepository,
    private readonly turns: TurnRepository,
    private readonly starter: ReplyStarter,
    private readonly generation: ChatGenerationService,
    private readonly usage: UsageService,
    private readonly attachments: ChatAttachmentsService,
    private readonly models: ChatModelsService,
    private readonly promptContext: ChatPromptContextRegistry,
  ) {}

  /**
   * Writes a new version of one of the user's replies (Retry of a failed reply too): the
   * question it answers asked again, with the history above it, taking one message from the quota
   * like a send. The version becomes the one the conversation shows. Checked before any charge:
   * 404 when the message is not the user's, 400 on a user message, 409 while the reply is being
   * written, the model's 400/403. The idempotency key works as a send's: a retry answers the
   * first request's ids, another body with it is a 409. Concurrent new versions of one reply are
   * serialised on the conversation's row: each is a version of its own, charged once.
   */
  async regenerate(
    user: User,
    replyId: string,
    dto: RegenerateReplyRequest,
    idempotencyKey?: string,
  ): Promise<StartedChat | RetriedChat> {
    if (this.generation.isClosing) throw serverRestarting();
    const sendKey = idempotencyKey
      ? { key: idempotencyKey, requestHash: regenerateHash(replyId, dto) }
      : undefined;
    const target = await this.versions.findRegenerationTarget(user.id, replyId);
    if (!target) throw messageNotFound();
    if (target.role !== 'assistant' || !target.questionId || !target.writtenByChat) throw notAReply();
    // A retried request finds its key before the reply it wrote is seen as still being written.
    const first = sendKey ? await this.starter.sentWithKey(user, sendKey) : null;
    if (first) return first;
    if (target.status === 'streaming') throw replyStillWriting();
    const model = await this.models.choose(
      user,
      dto.model ?? undefined,
      this.models.hasChoice ? target.conversationModel : undefined,
    );
    const [attachments, userContext] = await Promise.all([
      this.conversations
        .listAttachments([target.questionId])
        .then((stored) => this.attachments.resolveStored(user.id, stored)),
      this.promptContext.contextFor(user.id),
    ]);
    for (;;) {
      const prepared = await this.usage.prepare(user.id, 'messagesPerMonth');
      const outcome = await this.turns.reserveAndStartRegeneration({
        userId: user.id,
        conversationId: target.conversationId,
        replyId: target.replyId,
        questionId: target.questionId,
        model: model.id,
        conversationModel: dto.model ?? null,
        historyTokenBudget: this.config.ai.chatHistoryTokenBudget,
        reservation: prepared,
        sendKey,
      });
      switch (outcome.kind) {
        case 'started': {
          const reservation = await this.usage.settle(prepared, outcome.reserved);
          try {
            return this.starter.startReply(
              user,
              { ...this.questionOf(target, dto), userContext },
              attachments,
              outcome.turn,
              reservation,
              model,
            );
          } catch (error) {
            await reservation.refund();
            throw error;
          }
        }
        case 'not-found':
          throw messageNotFound();
        case 'still-writing':
          throw replyStillWriting();
        case 'refused': {
          const retried = sendKey ? await this.starter.sentWithKey(user, sendKey) : null;
          if (retried) return retried;
          return this.starter.throwUsageLimit(prepared, outcome.plan);
        }
        case 'duplicate': {
          const retried = await this.starter.sentWithKey(user, sendKey!);
          if (retried) return retried;
          continue;
        }
      }
    }
  }

  /** The question a new version answers, as the prompt is built from a send. */
  private questionOf(target: RegenerationTarget, dto: RegenerateReplyRequest): ReplyQuestion {
    return { message: target.questionText, systemPrompt: dto.systemPrompt };
  }
}
