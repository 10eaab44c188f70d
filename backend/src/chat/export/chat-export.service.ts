import { Inject, Injectable } from '@nestjs/common';
import type { ChatExportFormat } from '@kasa/contracts';
import { CLOCK, type Clock } from '../../common';
import { APP_CONFIG, type AppConfig } from '../../config';
import type { User } from '../../users';
import { conversationNotFound } from '../chat.errors';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { ChatModelsService } from '../models/chat-models.service';
import { exportedConversation, toJsonExport } from './conversation-export';
import { toMarkdownExport } from './conversation-markdown';
import { exportContentDisposition } from './export-filename';
import { EXPORT_LABELS, type ExportLanguage } from './export-labels';

/** A download: its body and headers. */
export interface ConversationDownload {
  body: string;
  contentType: string;
  contentDisposition: string;
}

const CONTENT_TYPES: Record<ChatExportFormat, string> = {
  markdown: 'text/markdown; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** One conversation as a file the user keeps: what it shows, as Markdown or JSON. */
@Injectable()
export class ChatExportService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly conversations: ConversationsRepository,
    private readonly models: ChatModelsService,
  ) {}

  /** 404 CHAT_CONVERSATION_NOT_FOUND unless the conversation is the user's. */
  async export(
    user: User,
    conversationId: string,
    format: ChatExportFormat,
    language: ExportLanguage,
  ): Promise<ConversationDownload> {
    const conversation = await this.conversations.findConversation(user.id, conversationId);
    const messages = conversation && (await this.conversations.listMessages(user.id, conversationId));
    if (!conversation || !messages) throw conversationNotFound();
    const userMessageIds = messages.filter((message) => message.role === 'user').map((message) => message.id);
    const exported = exportedConversation(
      conversation,
      messages,
      await this.conversations.listAttachments(userMessageIds),
      (modelId) => this.models.displayName(modelId),
      this.clock.now(),
    );
    const body =
      format === 'json'
        ? `${JSON.stringify(toJsonExport(exported), null, 2)}\n`
        : toMarkdownExport(exported, {
            appName: this.config.appName,
            assistantName: this.config.assistantName,
            labels: EXPORT_LABELS[language],
          });
    return {
      body,
      contentType: CONTENT_TYPES[format],
      contentDisposition: exportContentDisposition(conversation.title, format),
    };
  }
}
