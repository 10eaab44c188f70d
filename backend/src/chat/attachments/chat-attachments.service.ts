import { Injectable, Logger } from '@nestjs/common';
import type { ChatAttachmentRef } from '@kasa/contracts';
import type { ChatModelAttachment } from '../../ai/chat-model.port';
import { FilesService } from '../../files';
import { attachmentNotFound } from '../chat.errors';
import type { PromptAttachment } from '../prompt/build-chat-prompt';
import type { ResolvedAttachment } from './chat-attachment-source';
import { ChatAttachmentsRegistry } from './chat-attachments.registry';

/** Longest wait for an upload's text extraction still under way when its message is sent. */
export const TEXT_WAIT_MS = 20_000;
/** How often a pending extraction is looked at again while waiting. */
export const TEXT_POLL_MS = 500;
/** Larger images are not sent to the model (a phone photo is a few MB; providers cap near 20 MB). */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
/** Image types every vision model accepts as data: URLs. */
const SENDABLE_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

const NOT_READY = new Set<ResolvedAttachment['textStatus']>(['pending', 'running']);

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Shares `total` characters between texts of these lengths: texts that fit their equal share get
 * all of it, what they leave goes to the longer ones (so one big PDF does not starve a short note).
 */
export function shareCharacters(lengths: number[], total: number): number[] {
  const order = lengths.map((length, index) => ({ length, index })).sort((a, b) => a.length - b.length);
  const shares = new Array<number>(lengths.length).fill(0);
  let left = Math.max(0, total);
  order.forEach(({ length, index }, position) => {
    const equal = Math.floor(left / (order.length - position));
    shares[index] = Math.min(length, equal);
    left -= shares[index];
  });
  return shares;
}

/** The attachments of a message being sent, read for its prompt. */
export interface ReadAttachments {
  prompt: PromptAttachment[];
  /** The same as the offline advisor reads them. */
  model: ChatModelAttachment[];
}

/**
 * The chat's side of attachments: checks that every attachment of a send is the user's (before
 * anything is charged), and reads their text and images for the prompt through the sources the
 * upload and canvas features register (ChatAttachmentsRegistry).
 */
@Injectable()
export class ChatAttachmentsService {
  private readonly logger = new Logger('ChatAttachments');
  /** TEXT_WAIT_MS; a unit test shortens it. */
  textWaitMs = TEXT_WAIT_MS;

  constructor(
    private readonly registry: ChatAttachmentsRegistry,
    private readonly files: FilesService,
  ) {}

  /**
   * Tells every attachment source that the conversation is being deleted, with the attachments of
   * its messages (`attached`): each deletes what goes with it (an upload's file and text).
   */
  async deleteWithConversation(
    userId: string,
    conversationId: string,
    attached: ChatAttachmentRef[],
  ): Promise<void> {
    for (const source of this.registry.all())
      await source.deleteWithConversation?.(
        userId,
        conversationId,
        attached.filter((ref) => ref.type === source.type).map((ref) => ref.id),
      );
  }

  /**
   * The attachments in the order sent, 404 CHAT_ATTACHMENT_NOT_FOUND when one is not the user's,
   * does not exist, or its feature is not loaded.
   */
  async resolve(userId: string, refs: ChatAttachmentRef[]): Promise<ResolvedAttachment[]> {
    if (!refs.length) return [];
    const found = new Map<string, ResolvedAttachment>();
    for (const type of new Set(refs.map((ref) => ref.type))) {
      const source = this.registry.get(type);
      if (!source) throw attachmentNotFound();
      const ids = refs.filter((ref) => ref.type === type).map((ref) => ref.id);
      for (const resolved of await source.resolve(userId, ids))
        if (resolved.type === type && ids.includes(resolved.id)) found.set(key(resolved), resolved);
    }
    return refs.map((ref) => {
      const resolved = found.get(key(ref));
      if (!resolved) throw attachmentNotFound();
      return resolved;
    });
  }

  /**
   * The attachments a stored message was sent with, as they are now, in the order sent: what a
   * new version of its reply reads again. One deleted since (or whose feature is not loaded) is
   * left out rather than failing the new version.
   */
  async resolveStored(
    userId: string,
    refs: Array<{ type: ChatAttachmentRef['type']; refId: string }>,
  ): Promise<ResolvedAttachment[]> {
    const found = new Map<string, ResolvedAttachment>();
    for (const type of new Set(refs.map((ref) => ref.type))) {
      const source = this.registry.get(type);
      if (!source) continue;
      const ids = refs.filter((ref) => ref.type === type).map((ref) => ref.refId);
      for (const resolved of await source.resolve(userId, ids))
        if (resolved.type === type) found.set(key(resolved), resolved);
    }
    return refs.flatMap((ref) => found.get(key({ type: ref.type, id: ref.refId })) ?? []);
  }

  /**
   * Reads the attachments for the prompt: extractions still under way are waited for (up to
   * `textWaitMs`), texts share `charBudget` characters (whole when they fit, else the passages
   * most relevant to `question`), images are read as data: URLs (skipped, with a note, when too
   * large or of a type models do not take). A file that cannot be read is named with a note
   * instead of failing the reply.
   */
  async read(
    userId: string,
    attachments: ResolvedAttachment[],
    question: string,
    charBudget: number,
    signal: AbortSignal,
  ): Promise<ReadAttachments> {
    const current = await this.waitForText(userId, attachments, signal);
    const readable = current.filter(
      (attachment) => attachment.textStatus === 'done' && attachment.characters > 0,
    );
    const shares = shareCharacters(
      readable.map((attachment) => attachment.characters),
      charBudget,
    );
    const prompt: PromptAttachment[] = [];
    const model: ChatModelAttachment[] = [];
    for (const attachment of current) {
      const item: PromptAttachment = {
        name: attachment.name,
        mimeType: attachment.mimeType,
        text: null,
        complete: true,
      };
      const share = readable.indexOf(attachment);
      if (share >= 0) {
        try {
          const read = await this.registry
            .get(attachment.type)!
            .text(userId, attachment.id, question, Math.max(1, shares[share]));
          item.text = read.text;
          item.complete = read.complete;
        } catch (error) {
          this.logger.warn(
            `Reading the text of ${attachment.type} ${attachment.id} failed: ${describe(error)}`,
          );
          item.note = 'its text could not be read';
        }
      } else if (NOT_READY.has(attachment.textStatus)) {
        item.note = 'its text is not ready yet: say so if the question needs it';
      } else if (attachment.textStatus === 'failed') {
        item.note = 'its text could not be read';
      }
      if (attachment.mimeType.startsWith('image/')) {
        const image = await this.readImage(userId, attachment);
        if ('url' in image) item.imageUrl = image.url;
        else item.note = [item.note, image.note].filter(Boolean).join('; ');
      }
      prompt.push(item);
      model.push({ name: attachment.name, mimeType: attachment.mimeType, text: item.text || null });
    }
    return { prompt, model };
  }

  /** The attachments again once no extraction is under way, or as they are after the wait. */
  private async waitForText(
    userId: string,
    attachments: ResolvedAttachment[],
    signal: AbortSignal,
  ): Promise<ResolvedAttachment[]> {
    let current = attachments;
    const deadline = Date.now() + this.textWaitMs;
    while (current.some((attachment) => NOT_READY.has(attachment.textStatus)) && !signal.aborted) {
      const wait = Math.min(TEXT_POLL_MS, deadline - Date.now());
      if (wait <= 0) break;
      await sleep(wait, signal);
      const pending = current.filter((attachment) => NOT_READY.has(attachment.textStatus));
      const fresh = new Map<string, ResolvedAttachment>();
      for (const type of new Set(pending.map((attachment) => attachment.type))) {
        const ids = pending
          .filter((attachment) => attachment.type === type)
          .map((attachment) => attachment.id);
        for (const resolved of await this.registry.get(type)!.resolve(userId, ids))
          fresh.set(key(resolved), resolved);
      }
      current = current.map((attachment) => fresh.get(key(attachment)) ?? attachment);
    }
    return current;
  }

  private async readImage(
    userId: string,
    attachment: ResolvedAttachment,
  ): Promise<{ url: string } | { note: string }> {
    try {
      const { file, object } = await this.files.readForJob(userId, attachment.fileId);
      const type = file.contentType.split(';')[0].trim().toLowerCase();
      if (!SENDABLE_IMAGE_TYPES.has(type)) {
        object.body.destroy();
        return { note: 'an image of a type the model cannot take' };
      }
      if (object.size > MAX_IMAGE_BYTES) {
        object.body.destroy();
        return { note: `an image too large to send (over ${MAX_IMAGE_BYTES / 1024 / 1024} MB)` };
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of object.body) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        size += buffer.length;
        if (size > MAX_IMAGE_BYTES) {
          object.body.destroy();
          return { note: `an image too large to send (over ${MAX_IMAGE_BYTES / 1024 / 1024} MB)` };
        }
        chunks.push(buffer);
      }
      return { url: `data:${type};base64,${Buffer.concat(chunks).toString('base64')}` };
    } catch (error) {
      this.logger.warn(`Reading the image of ${attachment.type} ${attachment.id} failed: ${describe(error)}`);
      return { note: 'the image could not be read' };
    }
  }
}

const key = (ref: { type: string; id: string }) => `${ref.type}:${ref.id.toLowerCase()}`;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
