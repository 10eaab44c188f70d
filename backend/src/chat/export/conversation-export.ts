import type { ChatConversationExport } from '@kasa/contracts';
import type { Conversation, MessageAttachment } from '../conversations/conversation.rows';
import type { ChatMessageEntity } from '../entities/chat-message.entity';

/** One exported message: the JSON export's fields, and what the Markdown export also says. */
export type ExportedMessage = ChatConversationExport['messages'][number] & {
  /** Replies: the model's display name when still configured. */
  modelName: string | null;
  /** The message carries a recording (a voice message or a spoken reply). */
  hasRecording: boolean;
};

/** A conversation as both export formats read it. */
export interface ExportedConversation {
  id: string;
  title: string;
  createdAt: string;
  exportedAt: string;
  messages: ExportedMessage[];
}

/**
 * The messages the conversation shows (oldest first), with their attachments by name and type
 * (no links: a download outlives any signed link) and who wrote each reply.
 */
export function exportedConversation(
  conversation: Conversation,
  messages: ChatMessageEntity[],
  attachments: MessageAttachment[],
  modelName: (modelId: string | null) => string | null,
  exportedAt: Date,
): ExportedConversation {
  const byMessage = new Map<string, Array<{ name: string; mimeType: string }>>();
  for (const attachment of attachments)
    byMessage.set(attachment.messageId, [
      ...(byMessage.get(attachment.messageId) ?? []),
      { name: attachment.name, mimeType: attachment.mimeType },
    ]);
  return {
    id: conversation.id,
    title: conversation.title,
    createdAt: conversation.createdAt.toISOString(),
    exportedAt: exportedAt.toISOString(),
    messages: messages.map((message) => {
      const model = message.role === 'assistant' ? (message.model ?? null) : null;
      return {
        id: message.id,
        parentId: message.parentId ?? null,
        role: message.role,
        content: message.content,
        status: message.status,
        model,
        createdAt: message.createdAt.toISOString(),
        attachments: byMessage.get(message.id) ?? [],
        mediaType: message.mediaFileId && message.mediaType === 'image' ? 'image' : null,
        transcription: message.transcription,
        modelName: model === null ? null : modelName(model),
        hasRecording: message.audioFileId !== null,
      };
    }),
  };
}

/** The JSON export (ChatConversationExport): exactly the contract's fields. */
export function toJsonExport(conversation: ExportedConversation): ChatConversationExport {
  return {
    id: conversation.id,
    title: conversation.title,
    createdAt: conversation.createdAt,
    exportedAt: conversation.exportedAt,
    messages: conversation.messages.map((message) => ({
      id: message.id,
      parentId: message.parentId,
      role: message.role,
      content: message.content,
      status: message.status,
      model: message.model,
      createdAt: message.createdAt,
      attachments: message.attachments.map(({ name, mimeType }) => ({ name, mimeType })),
      mediaType: message.mediaType,
      transcription: message.transcription,
    })),
  };
}
