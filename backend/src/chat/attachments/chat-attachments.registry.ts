import { Injectable } from '@nestjs/common';
import type { ChatAttachmentRef } from '@kasa/contracts';
import type { ChatAttachmentSource } from './chat-attachment-source';

/** The attachment sources by type (uploads, canvases), registered by the features that own them. */
@Injectable()
export class ChatAttachmentsRegistry {
  private readonly sources = new Map<ChatAttachmentRef['type'], ChatAttachmentSource>();

  register(source: ChatAttachmentSource): void {
    if (this.sources.has(source.type))
      throw new Error(`An attachment source for '${source.type}' is already registered.`);
    this.sources.set(source.type, source);
  }

  /** The source of `type`, or undefined when its feature is not loaded. */
  get(type: ChatAttachmentRef['type']): ChatAttachmentSource | undefined {
    return this.sources.get(type);
  }

  all(): ChatAttachmentSource[] {
    return [...this.sources.values()];
  }
}
