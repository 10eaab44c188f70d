import { Inject, Injectable } from '@nestjs/common';
import type {
  ChatFeedback,
  ChatMessage,
  ChatMessageAttachment,
  ChatSearchHit,
  ConversationSummary,
  StopChatResponse,
} from '@kasa/contracts';
import { APP_CONFIG, type AppConfig } from '../config';
import { FilesService } from '../files';
import { UsageService } from '../usage';
import type { User } from '../users';
import type { ResolvedAttachment } from './attachments/chat-attachment-source';
import { ChatAttachmentsService } from './attachments/chat-attachments.service';
import {
  conversationNotFound,
  messageNotFound,
  parentNeedsConversation,
  serverRestarting,
} from './chat.errors';
import {
  type AppendedMessage,
  AppendedMessagesRepository,
} from './conversations/appended-messages.repository';
import type { Conversation, MessageAttachment } from './conversations/conversation.rows';
import { ConversationsRepository } from './conversations/conversations.repository';
import type { SendChatDto } from './dto/chat.dto';
import type { ChatMessageEntity } from './entities/chat-message.entity';
import { ChatFeedbackService } from './feedback/chat-feedback.service';
import { ChatGenerationService } from './generation/chat-generation.service';
import { ReplyRepository } from './generation/reply.repository';
import { LEGACY_STALE_REPLY_MS } from './generation/reply-lease';
import { type ChatModelChoice, ChatModelsService } from './models/chat-models.service';
import { conversationTitle } from './prompt/conversation-title';
import { ChatPromptContextRegistry } from './prompt/prompt-context.registry';
import { ReplyTakeoverService } from './reply-stream/reply-takeover.service';
import { sendHash, turnParent } from './send-keys/request-hash';
import { ReplyStarter, type RetriedChat, type StartedChat } from './turns/reply-starter';
import { type SpokenMessage, type StartTurnInput, TurnRepository } from './turns/turn.repository';

export const SEARCH_LIMIT = 20;

export type { RetriedChat, StartedChat } from './turns/reply-starter';
export type { SpokenMessage } from './turns/turn.repository';

function toSummary(conversation: Conversation): ConversationSummary {
  return {
    id: conversation.id,
    title: conversation.title,
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
    generating: conversation.generating,
    model: conversation.model ?? null,
  };
}

@Injectable()
export class ChatService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly conversations: ConversationsRepository,
    private readonly appended: AppendedMessagesRepository,
    private readonly turns: TurnRepository,
    private readonly starter: ReplyStarter,
    private readonly replies: ReplyRepository,
    private readonly generation: ChatGenerationService,
    private readonly usage: UsageService,
    private readonly files: FilesService,
    private readonly attachments: ChatAttachmentsService,
    private readonly takeover: ReplyTakeoverService,
    private readonly models: ChatModelsService,
    private readonly feedback: ChatFeedbackService,
    private readonly promptContext: ChatPromptContextRegistry,
  ) {}

  async listConversations(user: User): Promise<ConversationSummary[]> {
    return (await this.conversations.listConversations(user.id)).map(toSummary);
  }

  /**
   * Adds finished messages (a generated image, a transcription...) to one of the user's
   * conversations, so a feature's result is there after a reload. 404 when the conversation is
   * not the user's.
   */
  async appendMessages(
    user: User,
    conversationId: string,
    messages: AppendedMessage[],
  ): Promise<ChatMessage[]> {
    const appended = await this.appended.appendMessages(user.id, conversationId, messages);
    if (!appended) throw conversationNotFound();
    return appended.map((message) => this.toChatMessage(message));
  }

  /**
   * appendMessages(), unless the conversation already holds a message with `fileId` (the image or
   * recording these messages carry): what a request finishing another's work after its instance
   * died calls, so the messages are added once. [] when they were there already.
   */
  async appendMessagesOnce(
    user: User,
    conversationId: string,
    fileId: string,
    messages: AppendedMessage[],
  ): Promise<ChatMessage[]> {
    const appended = await this.appended.appendMessagesOnce(user.id, conversationId, fileId, messages);
    if (!appended) throw conversationNotFound();
    return appended.map((message) => this.toChatMessage(message));
  }

  /**
   * 404 unless the conversation is the user's: what a feature checks before it charges anything
   * for a result it will add to the conversation.
   */
  async assertOwned(user: User, conversationId: string): Promise<void> {
    if (!(await this.conversations.isOwnedConversation(user.id, conversationId)))
      throw conversationNotFound();
  }

  /**
   * 404 when `conversationId`, the id the app chose for a new chat, is another user's
   * conversation: what a feature checks before it charges a result that will start it.
   */
  async assertCanStart(user: User, conversationId: string): Promise<void> {
    if (!(await this.conversations.isFreeOrOwned(user.id, conversationId))) throw conversationNotFound();
  }

  /**
   * Starts the conversation of a new chat whose first content is a feature's result (a quick
   * action's image or transcription), with the id the app chose for that chat, titled like a
   * first message. Nothing is charged: the feature charged its own quota. Once per id: a retry or
   * a second result of the same new chat joins it. 404 when the id is another user's.
   */
  async startConversation(user: User, conversationId: string, firstMessage: string): Promise<void> {
    const title = conversationTitle(firstMessage);
    if (!(await this.conversations.createIfAbsent(user.id, conversationId, title)))
      throw conversationNotFound();
  }

  /**
   * The messages the conversation shows (the path to its current message), oldest first, with
   * their versions, the model of each reply and the user's feedback on it; a reply being written
   * here shows its latest text.
   */
  async getMessages(user: User, conversationId: string): Promise<ChatMessage[]> {
    const messages = await this.conversations.listMessages(user.id, conversationId);
    if (!messages) throw conversationNotFound();
    const attachments = new Map<string, MessageAttachment[]>();
    const userMessageIds = messages.filter((message) => message.role === 'user').map((message) => message.id);
    const replyIds = messages.filter((message) => message.role === 'assistant').map((message) => message.id);
    const [stored, feedback] = await Promise.all([
      this.conversations.listAttachments(userMessageIds),
      this.feedback.feedbackFor(user.id, replyIds),
    ]);
    for (const attachment of stored)
      attachments.set(attachment.messageId, [...(attachments.get(attachment.messageId) ?? []), attachment]);
    return messages.map((message) => ({
      ...this.toChatMessage(message, attachments.get(message.id), feedback),
      ...(message.versionIds.length ? { versionIds: message.versionIds } : {}),
    }));
  }

  async rename(user: User, conversationId: string, title: string): Promise<ConversationSummary> {
    const conversation = await this.conversations.renameConversation(user.id, conversationId, title);
    if (!conversation) throw conversationNotFound();
    return toSummary(conversation);
  }

  /**
   * Stops a reply still being written, then deletes the conversation, its messages, its files and
   * what the features of its attachments delete with it (the uploads attached to its messages).
   */
  async delete(user: User, conversationId: string): Promise<void> {
    const conversation = await this.conversations.findConversation(user.id, conversationId);
    if (!conversation) throw conversationNotFound();
    await this.stopReplies(user, conversationId);
    await this.attachments.deleteWithConversation(
      user.id,
      conversationId,
      await this.conversations.listConversationAttachments(user.id, conversationId),
    );
    await this.files.deleteForConversation(user.id, conversationId);
    await this.conversations.deleteConversation(user.id, conversationId);
  }

  async search(user: User, query: string): Promise<ChatSearchHit[]> {
    const hits = await this.conversations.search(user.id, query, SEARCH_LIMIT);
    return hits.map((hit) => ({
      conversationId: hit.conversationId,
      title: hit.title,
      messageId: hit.messageId,
      role: hit.role,
      snippet: hit.snippet,
      createdAt: hit.createdAt.toISOString(),
    }));
  }

  /**
   * Takes one message of the month's quota (the usage-limit 429 when none is left), stores the
   * user's message and an empty reply, builds the prompt from what is stored, and starts writing
   * the reply. Throws (before anything is streamed) when the conversation is not this user's or
   * the server is shutting down. A reply that never starts or fails gives the message back.
   * Attachments are checked first: one that is not the user's is a 404 and costs nothing.
   *
   * The quota is taken in three steps with one round trip to the database
   * (docs/architecture.md#data-flow-a-chat-send), numbered below. The statement also stores the
   * idempotency key (a UUID the client keeps for this message), whose primary key decides between
   * concurrent duplicates: the loser's statement stores and charges nothing, and it answers the
   * first send's ids (`reply: null`). A second send with the key (a retry) does the same. Another
   * body is a 409.
   *
   * `spoken`: a spoken turn's message (POST /api/voice/turns): its recording, transcription and
   * language are stored on the user message by the same statement, and are part of the key's hash.
   */
  async send(
    user: User,
    dto: SendChatDto,
    idempotencyKey?: string,
    spoken?: SpokenMessage,
  ): Promise<StartedChat | RetriedChat> {
    if (this.generation.isClosing) throw serverRestarting();
    if (dto.parentMessageId !== undefined && !dto.conversationId) throw parentNeedsConversation();
    // The user's context (their farm) is read beside the attachments: no extra wait on the send.
    const [attachments, userContext] = await Promise.all([
      this.attachments.resolve(user.id, dto.attachments ?? []),
      this.promptContext.contextFor(user.id),
    ]);
    const model = await this.chooseModel(user, dto.model ?? undefined, dto.conversationId);
    const sendKey = idempotencyKey
      ? { key: idempotencyKey, requestHash: sendHash(dto, spoken?.audioFileId) }
      : undefined;
    for (;;) {
      // 1. Prepare the reservation: the plan's limits and the month, read before the statement.
      const prepared = await this.usage.prepare(user.id, 'messagesPerMonth');
      // 2. One statement reserves the message and stores the turn and the key, or stores nothing.
      const outcome = await this.turns.reserveAndStartTurn({
        ...this.turnInput(user, dto, attachments),
        parent: turnParent(dto),
        model: model.id,
        conversationModel: dto.model ?? null,
        reservation: prepared,
        sendKey,
        spoken,
      });
      // 3. Settle: the Reservation a failed reply refunds, or the usage-limit 429.
      switch (outcome.kind) {
        case 'started': {
          const reservation = await this.usage.settle(prepared, outcome.reserved);
          try {
            return this.starter.startReply(
              user,
              { message: dto.message, systemPrompt: dto.systemPrompt, userContext },
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
          throw conversationNotFound();
        case 'parent-not-found':
          throw messageNotFound();
        case 'refused': {
          // A duplicate racing its first send at the limit loses to it on the quota: it answers
          // the first send's ids, not a 429.
          const first = sendKey ? await this.starter.sentWithKey(user, sendKey) : null;
          if (first) return first;
          return this.starter.throwUsageLimit(prepared, outcome.plan);
        }
        case 'duplicate': {
          const first = await this.starter.sentWithKey(user, sendKey!);
          if (first) return first;
          // The key's send committed, then went with its conversation (deleted): send again.
          continue;
        }
      }
    }
  }

  /**
   * What a send refuses before anything is stored, for a feature that charges other work before
   * it sends (a voice turn transcribes first): a parent without a conversation, a conversation or
   * parent that is not the user's (404), a model not allowed (403) or unknown (400), and no
   * message left this month (the usage-limit 429; a read: the send's statement still decides).
   */
  async assertCanSend(
    user: User,
    dto: Pick<SendChatDto, 'conversationId' | 'parentMessageId' | 'model'>,
  ): Promise<void> {
    if (this.generation.isClosing) throw serverRestarting();
    if (dto.parentMessageId !== undefined && !dto.conversationId) throw parentNeedsConversation();
    if (dto.conversationId) {
      const parent = turnParent(dto);
      const found = await this.conversations.findConversationWithMessage(
        user.id,
        dto.conversationId,
        parent.kind === 'message' ? parent.id : null,
      );
      if (found === 'conversation-not-found') throw conversationNotFound();
      if (found === 'message-not-found') throw messageNotFound();
    }
    await this.chooseModel(user, dto.model ?? undefined, dto.conversationId);
    await this.usage.assertAvailable(user.id, 'messagesPerMonth');
  }

  /**
   * The model a send or a new version uses (400/403 before anything is charged). The
   * conversation's model is read only when there is a choice to keep.
   */
  private async chooseModel(
    user: User,
    requested: string | undefined,
    conversationId: string | undefined,
  ): Promise<ChatModelChoice> {
    const kept =
      requested === undefined && conversationId && this.models.hasChoice
        ? await this.conversations.findModel(user.id, conversationId)
        : null;
    return this.models.choose(user, requested, kept);
  }

  private turnInput(
    user: User,
    dto: SendChatDto,
    attachments: ResolvedAttachment[],
  ): Omit<StartTurnInput, 'reservation' | 'parent' | 'model' | 'conversationModel'> {
    return {
      userId: user.id,
      conversationId: dto.conversationId,
      newTitle: conversationTitle(dto.message),
      message: dto.message,
      historyTokenBudget: this.config.ai.chatHistoryTokenBudget,
      attachments: attachments.map((attachment) => ({
        type: attachment.type,
        refId: attachment.id,
        name: attachment.name,
        mimeType: attachment.mimeType,
        fileId: attachment.fileId || null,
      })),
    };
  }

  /** Stop: the text so far is kept with status 'stopped'. */
  async stop(user: User, conversationId: string): Promise<StopChatResponse> {
    const conversation = await this.conversations.findConversation(user.id, conversationId);
    if (!conversation) throw conversationNotFound();
    return { stopped: await this.stopReplies(user, conversationId) };
  }

  /**
   * Raises the Stop flag (seen by whichever instance writes the reply), cuts replies written
   * here at once, and stops at once replies whose writer is gone (lease lapsed), with the text
   * the reply bus published.
   */
  private async stopReplies(user: User, conversationId: string): Promise<boolean> {
    const replies = await this.replies.findStreamingReplies(user.id, conversationId, LEGACY_STALE_REPLY_MS);
    if (!replies.length) return false;
    await this.replies.requestStop(replies.map((reply) => reply.id));
    for (const reply of replies) {
      if (await this.generation.abort(reply.id, 'stop')) continue;
      if (reply.abandoned) await this.takeover.takeOver(reply.abandoned, 'stopped');
    }
    return true;
  }

  private toChatMessage(
    message: ChatMessageEntity,
    attachments: MessageAttachment[] = [],
    feedback?: Map<string, ChatFeedback>,
  ): ChatMessage {
    const live = message.status === 'streaming' ? this.generation.find(message.id) : undefined;
    const reply = message.role === 'assistant';
    return {
      // Only messages sent with attachments carry the field: the others keep their old shape.
      ...(attachments.length
        ? { attachments: attachments.map((attachment) => this.toAttachment(attachment)) }
        : {}),
      id: message.id,
      role: message.role,
      content: live && !live.finished ? live.content : message.content,
      // Signed on every read: a link lasts an hour, the message for ever.
      mediaUrl: message.mediaFileId ? this.files.signedUrl({ id: message.mediaFileId }) : null,
      mediaType: message.mediaFileId ? message.mediaType : null,
      audioUrl: message.audioFileId ? this.files.signedUrl({ id: message.audioFileId }) : null,
      transcription: message.transcription,
      transcriptionLanguage: message.transcriptionLanguage ?? null,
      // The recording a spoken message was sent with, to transcribe it again (POST /api/voice/turns).
      recordingId: !reply && message.audioFileId ? message.audioFileId : null,
      status: message.status,
      error: message.error,
      errorCode: message.errorCode,
      createdAt: message.createdAt.toISOString(),
      parentId: message.parentId,
      ...(reply
        ? {
            model: message.model,
            modelName: this.models.displayName(message.model),
            ...(feedback ? { feedback: feedback.get(message.id) ?? null } : {}),
          }
        : {}),
    };
  }

  private toAttachment(attachment: MessageAttachment): ChatMessageAttachment {
    return {
      type: attachment.type,
      id: attachment.refId,
      name: attachment.name,
      mimeType: attachment.mimeType,
      url: attachment.fileId ? this.files.signedUrl({ id: attachment.fileId }) : null,
    };
  }
}
