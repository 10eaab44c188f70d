import type { ChatMessageStatus, ChatRole, SharedMessage } from '@kasa/contracts';
import type { MessageAttachment } from '../conversations/conversation.rows';
import type { ChatMessageEntity } from '../entities/chat-message.entity';

/**
 * One message as a share keeps it (conversation_shares.snapshot, jsonb): what the shared page
 * shows and nothing more. Files by id (served through the share while it lives, never the owner's
 * signed links); no message, conversation or user ids; attachments by name only.
 */
export interface SnapshotMessage {
  role: ChatRole;
  content: string;
  status: ChatMessageStatus;
  /** The model's display name when the link was made (a later configuration change keeps it). */
  modelName: string | null;
  createdAt: string;
  imageFileId: string | null;
  audioFileId: string | null;
  transcription: string | null;
  attachmentNames: string[];
}

/** A reply still being written, or a message with nothing to show (a failed reply with no text), stays out. */
function isShareable(message: ChatMessageEntity): boolean {
  if (message.status === 'streaming') return false;
  return message.content.trim() !== '' || Boolean(message.mediaFileId || message.audioFileId);
}

/**
 * The snapshot of the messages a conversation shows (oldest first). `attachments`: those of these
 * messages; `modelName`: a model id's display name (null when no longer configured).
 */
export function takeSnapshot(
  messages: ChatMessageEntity[],
  attachments: MessageAttachment[],
  modelName: (modelId: string | null) => string | null,
): SnapshotMessage[] {
  const namesByMessage = new Map<string, string[]>();
  for (const attachment of attachments)
    namesByMessage.set(attachment.messageId, [
      ...(namesByMessage.get(attachment.messageId) ?? []),
      attachment.name,
    ]);
  return messages.filter(isShareable).map((message) => ({
    role: message.role,
    content: message.content,
    status: message.status,
    modelName: message.role === 'assistant' ? modelName(message.model ?? null) : null,
    createdAt: message.createdAt.toISOString(),
    imageFileId: message.mediaFileId && message.mediaType === 'image' ? message.mediaFileId : null,
    audioFileId: message.audioFileId,
    transcription: message.transcription,
    attachmentNames: namesByMessage.get(message.id) ?? [],
  }));
}

/** GET /api/shares/{id}/media/{n}: the n-th file of the share (0-based, in snapshotFileIds order). */
export const sharedMediaPath = (shareId: string, n: number) =>
  `/api/shares/${encodeURIComponent(shareId)}/media/${n}`;

/** The snapshot's files in the order their links number them: each message's image, then its recording. */
export function snapshotFileIds(snapshot: SnapshotMessage[]): string[] {
  return snapshot.flatMap((message) =>
    [message.imageFileId, message.audioFileId].filter((id): id is string => id !== null),
  );
}

/** The snapshot as the public read answers it, files as the share's own links. */
export function toSharedMessages(shareId: string, snapshot: SnapshotMessage[]): SharedMessage[] {
  let next = 0;
  const linkOf = (fileId: string | null) => (fileId === null ? null : sharedMediaPath(shareId, next++));
  return snapshot.map((message) => ({
    role: message.role,
    content: message.content,
    status: message.status,
    modelName: message.modelName,
    createdAt: message.createdAt,
    imageUrl: linkOf(message.imageFileId),
    audioUrl: linkOf(message.audioFileId),
    transcription: message.transcription,
    attachmentNames: [...message.attachmentNames],
  }));
}
