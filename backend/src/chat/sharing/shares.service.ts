import { Injectable } from '@nestjs/common';
import type { SharedConversation, ShareSummary } from '@kasa/contracts';
import { FilesService, type StoredObject } from '../../files';
import type { User } from '../../users';
import { conversationNotFound, messageNotFound } from '../chat.errors';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { ChatModelsService } from '../models/chat-models.service';
import type { CreateShareDto } from './dto/shares.dto';
import type { LiveShare } from './share.rows';
import { isShareId, newShareId } from './share-id';
import { snapshotFileIds, takeSnapshot, toSharedMessages } from './share-snapshot';
import { SharesRepository } from './shares.repository';
import { shareNotFound } from './sharing.errors';

/** A shared file opened for the reader: its bytes and type. */
export interface SharedMedia {
  contentType: string;
  object: StoredObject;
  /** The file's whole size; with `range`, the part sent (a Range request). */
  size: number;
  range?: { start: number; end: number };
}

/**
 * Shared links (libs/contracts/src/sharing.ts): a snapshot of what one of the user's conversations
 * shows, read by anyone holding the link until its owner revokes it.
 */
@Injectable()
export class SharesService {
  constructor(
    private readonly conversations: ConversationsRepository,
    private readonly shares: SharesRepository,
    private readonly models: ChatModelsService,
    private readonly files: FilesService,
  ) {}

  /**
   * Snapshots the messages the conversation shows now, up to and including `upToMessageId` when
   * given. 404 CHAT_CONVERSATION_NOT_FOUND for a conversation not the user's, 404
   * CHAT_MESSAGE_NOT_FOUND for a message it does not show.
   */
  async create(user: User, request: CreateShareDto): Promise<ShareSummary> {
    const conversationId = request.conversationId.toLowerCase();
    const shown = await this.conversations.listMessages(user.id, conversationId);
    if (!shown) throw conversationNotFound();
    let messages = shown;
    if (request.upToMessageId) {
      const upTo = request.upToMessageId.toLowerCase();
      const last = shown.findIndex((message) => message.id === upTo);
      if (last < 0) throw messageNotFound();
      messages = shown.slice(0, last + 1);
    }
    const userMessageIds = messages.filter((message) => message.role === 'user').map((message) => message.id);
    const snapshot = takeSnapshot(
      messages,
      await this.conversations.listAttachments(userMessageIds),
      (modelId) => this.models.displayName(modelId),
    );
    const created = await this.shares.insert({
      id: newShareId(),
      userId: user.id,
      conversationId,
      showName: request.showName ?? false,
      snapshot,
    });
    // The conversation was deleted between the read and the insert.
    if (!created) throw conversationNotFound();
    return created;
  }

  list(user: User): Promise<ShareSummary[]> {
    return this.shares.listLive(user.id);
  }

  /** 404 SHARE_NOT_FOUND unless it is one of the user's live links. */
  async revoke(user: User, id: string): Promise<void> {
    if (!isShareId(id) || !(await this.shares.revoke(user.id, id))) throw shareNotFound();
  }

  /** A live link by id, or null (a malformed id costs no query). */
  async findLive(id: string): Promise<LiveShare | null> {
    return isShareId(id) ? this.shares.findLive(id) : null;
  }

  /** What the link shows anyone; 404 SHARE_NOT_FOUND when unknown or revoked. */
  async read(id: string): Promise<SharedConversation> {
    const share = await this.findLive(id);
    if (!share) throw shareNotFound();
    return {
      id: share.id,
      title: share.title,
      author: share.author,
      createdAt: share.createdAt.toISOString(),
      messages: toSharedMessages(share.id, share.snapshot),
    };
  }

  /**
   * The n-th file of a live link (its owner's file, read by the owner's id the snapshot keeps).
   * 404 SHARE_NOT_FOUND when the link is gone or has no such file; FILES_NOT_FOUND when the file
   * itself was deleted.
   */
  async openMedia(id: string, n: number, rangeHeader?: string): Promise<SharedMedia> {
    const share = await this.findLive(id);
    const fileId = share ? snapshotFileIds(share.snapshot)[n] : undefined;
    if (!share || !fileId) throw shareNotFound();
    const { file, object, range } = await this.files.openOwned(share.ownerId, fileId, rangeHeader);
    return { contentType: file.contentType, object, size: file.size, range };
  }
}
