import { Injectable } from '@nestjs/common';
import type { ChatMessage, ChatMessageVersion } from '@kasa/contracts';
import type { User } from '../../users';
import { conversationNotFound, messageNotFound } from '../chat.errors';
import { ChatService } from '../chat.service';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { MessageVersionsRepository } from './message-versions.repository';

/** The versions of a message and which branch a conversation shows (docs/architecture.md#versions-and-branches). */
@Injectable()
export class ChatVersionsService {
  constructor(
    private readonly versions: MessageVersionsRepository,
    private readonly conversations: ConversationsRepository,
    private readonly chat: ChatService,
  ) {}

  /** Every version of one of the user's messages, oldest first; 404 when it is not theirs. */
  async listVersions(user: User, messageId: string): Promise<ChatMessageVersion[]> {
    const versions = await this.versions.listVersions(user.id, messageId.toLowerCase());
    if (!versions.length) throw messageNotFound();
    return versions;
  }

  /**
   * Shows a message (a version) and its newest descendants, and answers the messages now shown.
   * 404 CHAT_CONVERSATION_NOT_FOUND / CHAT_MESSAGE_NOT_FOUND when the conversation is not the
   * user's or the message is not in it.
   */
  async showVersion(user: User, conversationId: string, messageId: string): Promise<ChatMessage[]> {
    if (!(await this.versions.showVersion(user.id, conversationId, messageId.toLowerCase()))) {
      if (!(await this.conversations.isOwnedConversation(user.id, conversationId)))
        throw conversationNotFound();
      throw messageNotFound();
    }
    return this.chat.getMessages(user, conversationId);
  }
}
