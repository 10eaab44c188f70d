import { Inject, Injectable } from '@nestjs/common';
import type { PlanId, SendChatRequest } from '@kasa/contracts';
import { APP_CONFIG, type AppConfig } from '../../config';
import { type PreparedReservation, type Reservation, UsageService } from '../../usage';
import type { User } from '../../users';
import type { ResolvedAttachment } from '../attachments/chat-attachment-source';
import { ChatAttachmentsService } from '../attachments/chat-attachments.service';
import { sendKeyReused, serverRestarting } from '../chat.errors';
import { ChatGenerationService } from '../generation/chat-generation.service';
import type { GenerationTask } from '../generation/generation-task';
import type { ChatModelChoice } from '../models/chat-models.service';
import { attachmentCharBudget, buildChatPrompt, type ChatPromptInput } from '../prompt/build-chat-prompt';
import { SendKeysRepository } from '../send-keys/send-keys.repository';
import type { StartedTurn, StartTurnInput } from './turn.repository';

/** A send accepted: the ids for the stream's first event, and the reply to subscribe to. */
export interface StartedChat {
  conversationId: string;
  userMessageId: string;
  assistantMessageId: string;
  reply: GenerationTask;
}

/** A send whose idempotency key was used before: the first send's ids, nothing new started. */
export interface RetriedChat {
  conversationId: string;
  userMessageId: string;
  assistantMessageId: string;
  reply: null;
}

type SendKey = NonNullable<StartTurnInput['sendKey']>;

/**
 * What a reply answers: the question's text, the client's extra instructions and the user's
 * context block (ChatPromptContextRegistry).
 */
export type ReplyQuestion = Pick<SendChatRequest, 'message' | 'systemPrompt'> & {
  userContext?: string | null;
};

/**
 * What a send and a new version of a reply share once their turn is stored, or refused: the
 * reply started, the answer to a retried idempotency key, the usage-limit 429
 * (docs/architecture.md#data-flow-a-chat-send).
 */
@Injectable()
export class ReplyStarter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly generation: ChatGenerationService,
    private readonly usage: UsageService,
    private readonly sendKeys: SendKeysRepository,
    private readonly attachments: ChatAttachmentsService,
  ) {}

  /** The usage-limit 429 of a reservation the turn's statement refused (UsageService.settle throws it). */
  async throwUsageLimit(prepared: PreparedReservation, plan: PlanId): Promise<never> {
    await this.usage.settle(prepared, null, plan);
    throw new Error('UsageService.settle accepted a refused reservation.');
  }

  /**
   * What the send that stored this key created; null when no send stored it (or it went with its
   * conversation). A 409 when the key came with another body.
   */
  async sentWithKey(user: User, sendKey: SendKey): Promise<RetriedChat | null> {
    const stored = await this.sendKeys.findSendKey(user.id, sendKey.key);
    if (!stored) return null;
    if (stored.requestHash !== sendKey.requestHash) throw sendKeyReused();
    // A key stored without ids has nothing to answer with: the client sends again later, and
    // keys expire (ChatSendKeysCleanup).
    if (!stored.sent) throw serverRestarting();
    return { ...stored.sent, reply: null };
  }

  /**
   * Starts writing a stored turn's reply with ChatGenerationService: the prompt from the
   * question (its text, the client's system prompt and the user's context), the turn's history
   * and, read by the reply task, its attachments.
   */
  startReply(
    user: User,
    dto: ReplyQuestion,
    attachments: ResolvedAttachment[],
    turn: StartedTurn,
    reservation: Reservation,
    model: ChatModelChoice,
  ): StartedChat {
    const tokenBudget = this.config.ai.chatHistoryTokenBudget;
    const prompt: ChatPromptInput = {
      assistantName: this.config.assistantName,
      appName: this.config.appName,
      systemPrompt: dto.systemPrompt,
      userContext: dto.userContext,
      history: turn.history,
      userMessage: dto.message,
      tokenBudget,
    };
    const reply = this.generation.start({
      userId: user.id,
      conversationId: turn.conversationId,
      userMessageId: turn.userMessageId,
      assistantMessageId: turn.assistantMessageId,
      model: model.id,
      messages: buildChatPrompt(prompt),
      // Reading the files may wait for an extraction: the reply task does it, not the request.
      prepare: attachments.length
        ? async (signal) => {
            const read = await this.attachments.read(
              user.id,
              attachments,
              dto.message,
              attachmentCharBudget(tokenBudget),
              signal,
            );
            return {
              messages: buildChatPrompt({ ...prompt, attachments: read.prompt }),
              attachments: read.model,
            };
          }
        : undefined,
      reservation,
    });
    return {
      conversationId: turn.conversationId,
      userMessageId: turn.userMessageId,
      assistantMessageId: turn.assistantMessageId,
      reply,
    };
  }
}
