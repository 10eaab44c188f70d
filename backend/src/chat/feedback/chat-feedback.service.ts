import { Injectable } from '@nestjs/common';
import type { ChatFeedback, ChatFeedbackRequest } from '@kasa/contracts';
import { messageNotFound } from '../chat.errors';
import { messageNotReply } from './chat-feedback.errors';
import { ChatFeedbackRepository } from './chat-feedback.repository';
import { toChatFeedback } from './chat-feedback.rows';

/**
 * Thumbs up or down on a reply version, with an optional reason. Kept with the model that wrote
 * the reply so operators can compare models later; one per user per version (a regenerated reply
 * is a new message with its own).
 */
@Injectable()
export class ChatFeedbackService {
  constructor(private readonly feedback: ChatFeedbackRepository) {}

  /** Gives or replaces the user's feedback on one of their replies. */
  async rate(userId: string, messageId: string, request: ChatFeedbackRequest): Promise<ChatFeedback> {
    await this.requireReply(userId, messageId);
    const row = await this.feedback.upsert(userId, messageId, request.rating, request.reason ?? null);
    // The reply was deleted (with its conversation) between the check and the write.
    if (!row) throw messageNotFound();
    return toChatFeedback(row);
  }

  /** Takes the user's feedback back; nothing to take back is fine. */
  async remove(userId: string, messageId: string): Promise<void> {
    await this.requireReply(userId, messageId);
    await this.feedback.delete(userId, messageId);
  }

  /** The user's feedback on these messages, by message id (messages without any are absent). */
  async feedbackFor(userId: string, messageIds: string[]): Promise<Map<string, ChatFeedback>> {
    if (messageIds.length === 0) return new Map();
    const rows = await this.feedback.findForMessages(userId, messageIds);
    return new Map(rows.map((row) => [row.message_id, toChatFeedback(row)]));
  }

  private async requireReply(userId: string, messageId: string): Promise<void> {
    const message = await this.feedback.findMessage(userId, messageId);
    if (!message) throw messageNotFound();
    if (message.role !== 'assistant') throw messageNotReply();
  }
}
