import type { DraftAttachment } from '../shared/attachments/draft-attachment';

/** What a completed tool gives the composer: text for the input, or attachments for the draft. */
export type EnhancementResult =
  { kind: 'text'; text: string } | { kind: 'attachments'; attachments: DraftAttachment[] };

/**
 * Every enhancement dialog (each is its own lazily loaded module with a default export): it is
 * mounted only while open, so closing it resets its fields; completing calls onComplete, and the
 * menu then closes it and shows 'Enhancement Added'.
 */
export interface EnhancementDialogProps {
  open: boolean;
  onClose: () => void;
  onComplete: (result: EnhancementResult) => void;
  /** The open conversation, when there is one (uploads and canvases are filed under it). */
  conversationId?: string;
}
