import { createHash } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type {
  ChatMessage,
  ChatMessageAttachment,
  ChatSearchHit,
  ConversationSummary,
  StopChatResponse,
} from '@kasa/contracts';
import { ApiException } from '../common';
import { APP_CONFIG, type AppConfig } from '../config';
import { FilesService } from '../files';
import { type Reservation, UsageService } from '../usage';
import type { User } from '../users';
import type { ResolvedAttachment } from './attachments/chat-attachment-source';
import { ChatAttachmentsService } from './attachments/chat-attachments.service';
import {
  type AppendedMessage,
  ChatRepository,
  type ConversationRow,
  type MessageAttachmentRow,
  type StartedTurn,
  type StartTurnInput,
} from './chat.repository';
import type { SendChatDto } from './dto/chat.dto';
import type { ChatMessageEntity } from './entities/chat-message.entity';
import { ChatGenerationService } from './generation/chat-generation.service';
import type { GenerationTask } from './generation/generation-task';
import { LEGACY_STALE_REPLY_MS } from './generation/reply-lease';
import { attachmentCharBudget, buildChatPrompt, type ChatPromptInput } from './prompt/build-chat-prompt';
import { conversationTitle } from './prompt/conversation-title';
import { ReplyTakeoverService } from './reply-stream/reply-takeover.service';

export const CONVERSATION_NOT_FOUND = 'Conversation not found.';
export const SERVER_RESTARTING = 'The server is restarting. Please send your message again in a moment.';
export const SEARCH_LIMIT = 20;
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for another message. Use a new key for a new message.';
/** A duplicate send racing the first one reads the key again this often until it has the ids. */
const CLAIM_POLL_MS = 25;
/** How long a duplicate waits for the first send (which takes milliseconds) before asking why. */
const CLAIM_WAIT_MS = 10_000;
/** A claim without ids this old belongs to a process that died mid-send. */
const ABANDONED_CLAIM_MS = 30_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What identifies a send's request: a retry must carry the same, a reused key does not. */
function requestHash(dto: SendChatDto): string {
  const fields = [dto.conversationId ?? null, dto.message, dto.systemPrompt ?? null, dto.attachments ?? []];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

const conversationNotFound = () =>
  new ApiException(HttpStatus.NOT_FOUND, 'CHAT_CONVERSATION_NOT_FOUND', CONVERSATION_NOT_FOUND);

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

function toSummary(row: ConversationRow): ConversationSummary {
  return {
    id: row.id,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    generating: row.generating,
  };
}

@Injectable()
export class ChatService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: ChatRepository,
    private readonly generation: ChatGenerationService,
    private readonly usage: UsageService,
    private readonly files: FilesService,
    private readonly attachments: ChatAttachmentsService,
    private readonly takeover: ReplyTakeoverService,
  ) {}

  async listConversations(user: User): Promise<ConversationSummary[]> {
    return (await this.repository.listConversations(user.id)).map(toSummary);
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
    const appended = await this.repository.appendMessages(user.id, conversationId, messages);
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
    const appended = await this.repository.appendMessagesOnce(user.id, conversationId, fileId, messages);
    if (!appended) throw conversationNotFound();
    return appended.map((message) => this.toChatMessage(message));
  }

  /**
   * 404 unless the conversation is the user's: what a feature checks before it charges anything
   * for a result it will add to the conversation.
   */
  async assertOwned(user: User, conversationId: string): Promise<void> {
    if (!(await this.repository.isOwnedConversation(user.id, conversationId))) throw conversationNotFound();
  }

  /** Messages oldest first; a reply being written here shows its latest text. */
  async getMessages(user: User, conversationId: string): Promise<ChatMessage[]> {
    const messages = await this.repository.listMessages(user.id, conversationId);
    if (!messages) throw conversationNotFound();
    const attachments = new Map<string, MessageAttachmentRow[]>();
    const userMessageIds = messages.filter((message) => message.role === 'user').map((message) => message.id);
    for (const row of await this.repository.listAttachments(userMessageIds))
      attachments.set(row.messageId, [...(attachments.get(row.messageId) ?? []), row]);
    return messages.map((message) => this.toChatMessage(message, attachments.get(message.id)));
  }

  async rename(user: User, conversationId: string, title: string): Promise<ConversationSummary> {
    const row = await this.repository.renameConversation(user.id, conversationId, title);
    if (!row) throw conversationNotFound();
    return toSummary(row);
  }

  /**
   * Stops a reply still being written, then deletes the conversation, its messages, its files and
   * what the features of its attachments delete with it (the uploads attached to its messages).
   */
  async delete(user: User, conversationId: string): Promise<void> {
    const conversation = await this.repository.findConversation(user.id, conversationId);
    if (!conversation) throw conversationNotFound();
    await this.stopReplies(user, conversationId);
    await this.attachments.deleteWithConversation(
      user.id,
      conversationId,
      await this.repository.listConversationAttachments(user.id, conversationId),
    );
    await this.files.deleteForConversation(user.id, conversationId);
    await this.repository.deleteConversation(user.id, conversationId);
  }

  async search(user: User, query: string): Promise<ChatSearchHit[]> {
    const rows = await this.repository.search(user.id, query, SEARCH_LIMIT);
    return rows.map((row) => ({
      conversationId: row.conversationId,
      title: row.title,
      messageId: row.messageId,
      role: row.role,
      snippet: row.snippet,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /**
   * Takes one message of the month's quota (the usage-limit 429 when none is left), stores the
   * user's message and an empty reply, builds the prompt from what is stored, and starts writing
   * the reply. Throws (before anything is streamed) when the conversation is not this user's or
   * the server is shutting down. A reply that never starts or fails gives the message back.
   * Attachments are checked first: one that is not the user's is a 404 and costs nothing.
   *
   * The quota, the turn and the idempotency key (a UUID the client keeps for this message) are
   * stored by one statement (ChatRepository.startTurn): one round trip per send, and a refused
   * send stores and charges nothing. The key's primary key decides between concurrent duplicates:
   * the loser's statement stores nothing, and it answers the first send's ids (`reply: null`).
   * A second send with the key (a retry) does the same. Another body is a 409.
   */
  async send(user: User, dto: SendChatDto, idempotencyKey?: string): Promise<StartedChat | RetriedChat> {
    if (this.generation.isClosing)
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'CHAT_SERVER_RESTARTING', SERVER_RESTARTING);
    const attachments = await this.attachments.resolve(user.id, dto.attachments ?? []);
    const sendKey = idempotencyKey ? { key: idempotencyKey, requestHash: requestHash(dto) } : undefined;
    const started = Date.now();
    for (;;) {
      const prepared = await this.usage.prepare(user.id, 'messagesPerMonth');
      const outcome = await this.repository.startTurn({
        ...this.turnInput(user, dto, attachments),
        reservation: prepared,
        sendKey,
      });
      if (outcome.kind === 'not-found') throw conversationNotFound();
      if (outcome.kind === 'started') {
        const reservation = await this.usage.settle(prepared, outcome.reserved);
        try {
          return this.startReply(user, dto, attachments, outcome.turn, reservation);
        } catch (error) {
          await reservation.refund();
          throw error;
        }
      }
      if (outcome.kind === 'refused') {
        // A duplicate racing its first send at the limit loses to it on the quota: it answers
        // the first send's ids, not a 429.
        const first = sendKey ? await this.sentWithKey(user, sendKey, started) : null;
        if (first && first !== 'again') return first;
        await this.usage.settle(prepared, null, outcome.plan); // the usage-limit 429
      }
      // A duplicate: the key's send committed. Gone since (its conversation deleted): send again.
      const first = await this.sentWithKey(user, sendKey!, started);
      if (first && first !== 'again') return first;
    }
  }

  /**
   * What the send that stored this key created; null when no send stored it; 'again' when the
   * caller should send again (the key was let go). A 409 when the key came with another body.
   */
  private async sentWithKey(
    user: User,
    sendKey: { key: string; requestHash: string },
    started: number,
  ): Promise<RetriedChat | 'again' | null> {
    for (;;) {
      const row = await this.repository.findSendKey(user.id, sendKey.key);
      if (!row) return null;
      if (row.requestHash !== sendKey.requestHash)
        throw new ApiException(HttpStatus.CONFLICT, 'CHAT_IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_KEY_REUSED);
      if (row.conversationId && row.userMessageId && row.assistantMessageId)
        return {
          conversationId: row.conversationId,
          userMessageId: row.userMessageId,
          assistantMessageId: row.assistantMessageId,
          reply: null,
        };
      // A key without ids was claimed by a version before one-statement sends, still sending
      // (wait for its ids) or dead mid-send (take the key over).
      if (Date.now() - started > CLAIM_WAIT_MS) {
        await this.repository.releaseSendKey(user.id, sendKey.key, ABANDONED_CLAIM_MS);
        if (Date.now() - row.createdAt.getTime() < ABANDONED_CLAIM_MS)
          throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'CHAT_SERVER_RESTARTING', SERVER_RESTARTING);
        return 'again';
      }
      await sleep(CLAIM_POLL_MS);
    }
  }

  private turnInput(
    user: User,
    dto: SendChatDto,
    attachments: ResolvedAttachment[],
  ): Omit<StartTurnInput, 'reservation'> {
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

  private startReply(
    user: User,
    dto: SendChatDto,
    attachments: ResolvedAttachment[],
    turn: StartedTurn,
    reservation: Reservation,
  ): StartedChat {
    const tokenBudget = this.config.ai.chatHistoryTokenBudget;
    const prompt: ChatPromptInput = {
      assistantName: this.config.assistantName,
      appName: this.config.appName,
      systemPrompt: dto.systemPrompt,
      history: turn.history,
      userMessage: dto.message,
      tokenBudget,
    };
    const reply = this.generation.start({
      userId: user.id,
      conversationId: turn.conversationId,
      userMessageId: turn.userMessageId,
      assistantMessageId: turn.assistantMessageId,
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

  /** Stop: the text so far is kept with status 'stopped'. */
  async stop(user: User, conversationId: string): Promise<StopChatResponse> {
    const conversation = await this.repository.findConversation(user.id, conversationId);
    if (!conversation) throw conversationNotFound();
    return { stopped: await this.stopReplies(user, conversationId) };
  }

  /**
   * Raises the Stop flag (seen by whichever instance writes the reply), cuts replies written
   * here at once, and stops at once replies whose writer is gone (lease lapsed), with the text
   * the reply bus published.
   */
  private async stopReplies(user: User, conversationId: string): Promise<boolean> {
    const replies = await this.repository.findStreamingReplies(
      user.id,
      conversationId,
      LEGACY_STALE_REPLY_MS,
    );
    if (!replies.length) return false;
    await this.repository.requestStop(replies.map((reply) => reply.id));
    for (const reply of replies) {
      if (await this.generation.abort(reply.id, 'stop')) continue;
      if (reply.abandoned) await this.takeover.takeOver(reply.abandoned, 'stopped');
    }
    return true;
  }

  private toChatMessage(message: ChatMessageEntity, attachments: MessageAttachmentRow[] = []): ChatMessage {
    const live = message.status === 'streaming' ? this.generation.find(message.id) : undefined;
    return {
      // Only messages sent with attachments carry the field: the others keep their old shape.
      ...(attachments.length ? { attachments: attachments.map((row) => this.toAttachment(row)) } : {}),
      id: message.id,
      role: message.role,
      content: live && !live.finished ? live.content : message.content,
      // Signed on every read: a link lasts an hour, the message for ever.
      mediaUrl: message.mediaFileId ? this.files.signedUrl({ id: message.mediaFileId }) : null,
      mediaType: message.mediaFileId ? message.mediaType : null,
      audioUrl: message.audioFileId ? this.files.signedUrl({ id: message.audioFileId }) : null,
      transcription: message.transcription,
      status: message.status,
      error: message.error,
      errorCode: message.errorCode,
      createdAt: message.createdAt.toISOString(),
    };
  }

  private toAttachment(row: MessageAttachmentRow): ChatMessageAttachment {
    return {
      type: row.type,
      id: row.refId,
      name: row.name,
      mimeType: row.mimeType,
      url: row.fileId ? this.files.signedUrl({ id: row.fileId }) : null,
    };
  }
}
