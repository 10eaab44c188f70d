import type { ChatAttachmentRef } from '@kasa/contracts';

/** Something the draft carries to the model with the next message: an upload or a saved canvas. */
export interface DraftAttachment extends ChatAttachmentRef {
  /** What the chip in the composer shows (the file name or the canvas title). */
  name: string;
  mimeType: string;
  /** A thumbnail for images and canvases, when there is one (a signed link or an object URL). */
  previewUrl?: string | null;
}
