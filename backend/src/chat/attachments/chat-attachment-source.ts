import type { ChatAttachmentRef } from '@kasa/contracts';

/** An attachment of the user's, as the chat reads it to build the model's prompt. */
export interface ResolvedAttachment {
  type: ChatAttachmentRef['type'];
  id: string;
  /** The file name or canvas title. */
  name: string;
  mimeType: string;
  /** The stored file with its bytes (files module): images go to the model as image parts. */
  fileId: string;
  /**
   * Where its text stands: 'done' (readable through text()), 'pending' / 'running' (extraction
   * not finished yet), 'failed', or 'none' (a canvas or a photo without words: nothing to read).
   */
  textStatus: 'done' | 'pending' | 'running' | 'failed' | 'none';
  /** Characters of extracted text (0 when none). */
  characters: number;
}

/**
 * A kind of attachment (uploads, canvases). The feature that owns the table registers one source
 * with ChatAttachmentsRegistry from its onModuleInit, so the chat module imports no feature.
 */
export interface ChatAttachmentSource {
  readonly type: ChatAttachmentRef['type'];
  /** The user's own attachments among `ids`, in any order; others' and unknown ids are left out. */
  resolve(userId: string, ids: string[]): Promise<ResolvedAttachment[]>;
  /**
   * The attachment's text for the prompt: all of it when it fits `maxChars`, else the passages
   * most relevant to `question` that fit, in document order (`complete: false`).
   */
  text(
    userId: string,
    id: string,
    question: string,
    maxChars: number,
  ): Promise<{ text: string; complete: boolean }>;
  /**
   * A conversation of the user's is being deleted: deletes what goes with it, i.e. what was sent
   * into it and its attachments of this type among `ids` (those of its messages). A kind that
   * outlives its conversations leaves this out.
   */
  deleteWithConversation?(userId: string, conversationId: string, ids: string[]): Promise<void>;
}
