import { Injectable } from '@nestjs/common';
import type { ChatAttachmentSource, ResolvedAttachment } from '../../chat';
import { CanvasRepository } from './canvas.repository';

/**
 * Canvases as chat attachments: the chat sends the PNG to the model as an image part, so a
 * canvas has no text of its own.
 */
@Injectable()
export class CanvasAttachmentSource implements ChatAttachmentSource {
  readonly type = 'canvas' as const;

  constructor(private readonly repository: CanvasRepository) {}

  async resolve(userId: string, ids: string[]): Promise<ResolvedAttachment[]> {
    const canvases = await this.repository.findManyOwned(userId, ids);
    return canvases.map((canvas) => ({
      type: 'canvas',
      id: canvas.id,
      name: canvas.title,
      mimeType: 'image/png',
      fileId: canvas.fileId,
      textStatus: 'none',
      characters: 0,
    }));
  }

  text(): Promise<{ text: string; complete: boolean }> {
    return Promise.resolve({ text: '', complete: true });
  }
}
