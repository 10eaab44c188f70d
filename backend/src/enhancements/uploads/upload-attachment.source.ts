import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ChatAttachmentsRegistry, type ChatAttachmentSource, type ResolvedAttachment } from '../../chat';
import { type Passage, UploadsRepository } from './uploads.repository';
import { UploadsService } from './uploads.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Passages ranked for a question at most (a prompt holds far fewer). */
const RANKED_PASSAGES = 200;
const SEPARATOR = '\n\n';

/**
 * The 'upload' attachments of the chat: the user's uploads and their extracted text; deleted with
 * the conversation they were sent into or attached to.
 */
@Injectable()
export class UploadAttachmentSource implements ChatAttachmentSource, OnModuleInit {
  readonly type = 'upload' as const;

  constructor(
    private readonly uploads: UploadsRepository,
    private readonly service: UploadsService,
    private readonly registry: ChatAttachmentsRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async resolve(userId: string, ids: string[]): Promise<ResolvedAttachment[]> {
    const rows = await this.uploads.listOwnedByIds(
      userId,
      ids.filter((id) => UUID.test(id)),
    );
    return rows.map((row) => ({
      type: this.type,
      id: row.id,
      name: row.originalName,
      mimeType: row.mimeType,
      fileId: row.fileId,
      // A photo in which OCR found no words has nothing to read: the model sees the image only.
      textStatus: row.extractionStatus === 'done' && !row.characters ? 'none' : row.extractionStatus,
      characters: row.characters ?? 0,
    }));
  }

  deleteWithConversation(userId: string, conversationId: string, ids: string[]): Promise<void> {
    return this.service.deleteForConversation(
      userId,
      conversationId,
      ids.filter((id) => UUID.test(id)),
    );
  }

  /**
   * All the text when it fits `maxChars`; else the passages most relevant to the question (any of
   * its words, 'simple' full text; the first passages when none matches) that fit, in document order.
   */
  async text(
    userId: string,
    id: string,
    question: string,
    maxChars: number,
  ): Promise<{ text: string; complete: boolean }> {
    if (!UUID.test(id) || maxChars <= 0) return { text: '', complete: false };
    const total = await this.uploads.totalLength(userId, id);
    if (total <= maxChars) {
      const all = await this.uploads.leadingPassages(userId, id, maxChars);
      return { text: join(all), complete: true };
    }
    const words = question.match(/[\p{L}\p{N}]+/gu) ?? [];
    const ranked = words.length
      ? await this.uploads.rankedPassages(userId, id, words.join(' or '), RANKED_PASSAGES)
      : [];
    const chosen: Passage[] = [];
    let length = 0;
    for (const passage of ranked) {
      const added = passage.content.length + (chosen.length ? SEPARATOR.length : 0);
      if (length + added > maxChars) continue;
      chosen.push(passage);
      length += added;
    }
    if (!chosen.length) {
      const leading = await this.uploads.leadingPassages(userId, id, maxChars);
      if (leading.length) return { text: join(leading), complete: false };
      // Not even the first passage fits: its start.
      const first = await this.uploads.firstPassage(userId, id);
      return { text: first ? first.content.slice(0, maxChars) : '', complete: false };
    }
    return { text: join(chosen.sort((a, b) => a.ordinal - b.ordinal)), complete: false };
  }
}

function join(passages: Passage[]): string {
  return passages.map((passage) => passage.content).join(SEPARATOR);
}
