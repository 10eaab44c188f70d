import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Injectable, Logger } from '@nestjs/common';
import { UPLOAD_MAX_BYTES, type UploadRecord } from '@kasa/contracts';
import { ChatService } from '../../chat';
import { FilesService } from '../../files';
import type { User } from '../../users';
import { UsageService } from '../../usage';
import { ThreadPoolBusyError, ThreadTaskTimeoutError, WorkerThreadsService } from '../../worker-threads';
import { detectUploadType } from './content/detect-upload-type';
import {
  cleanUploadName,
  hasAllowedExtension,
  isAllowedDeclaredType,
  nameForType,
} from './content/upload-name';
import { extractionJobOf } from './jobs/extract-upload.job-types';
import { ExtractionQueue } from './jobs/extraction-queue';
import { checksBusy, fileTooLarge, typeNotAllowed, uploadNotFound } from './uploads.errors';
import { toUploadRecord, UploadsRepository } from './uploads.repository';
import type { UploadEntity } from './entities/upload.entity';

/** The newest uploads GET /api/enhancements/uploads lists. */
export const UPLOAD_LIST_LIMIT = 50;

export interface ImportFileInput {
  /** The file on local disk; the caller removes it afterwards. */
  path: string;
  originalName: string;
  /** The type the client (or Google Drive) declared for it, if any. */
  declaredType?: string;
  conversationId?: string;
  origin: 'device' | 'google-drive';
}

/**
 * File uploads (docs/architecture.md#chat-enhancements): checks a file's name, declared type and
 * bytes, takes one upload of the month's quota, stores it (files/, kind 'upload') with its row,
 * and queues its extraction without waiting for it: the dialog polls the row for the extraction.
 * An upload is deleted by its owner, or with the conversation it was sent into or attached to.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);

  constructor(
    private readonly uploads: UploadsRepository,
    private readonly files: FilesService,
    private readonly usage: UsageService,
    private readonly chat: ChatService,
    private readonly extractions: ExtractionQueue,
    private readonly threads: WorkerThreadsService,
  ) {}

  /**
   * The whole pipeline for a file on disk (an upload received, or a Google Drive import): size;
   * the name's extension and the declared type within the allowed ones; the type by content
   * (printable text, never markup or a script); the conversation's owner; quota; storage under
   * the name with the extension of that type; row; extraction job. Every refusal comes before
   * anything is charged; a failure to store gives the upload back.
   */
  async importFile(user: User, input: ImportFileInput): Promise<UploadRecord> {
    const given = cleanUploadName(input.originalName);
    const { size } = await stat(input.path);
    if (size > UPLOAD_MAX_BYTES) throw fileTooLarge(given);
    if (!hasAllowedExtension(given) || !isAllowedDeclaredType(input.declaredType))
      throw typeNotAllowed(given);
    const mimeType = await this.detect(input.path);
    if (!mimeType) throw typeNotAllowed(given);
    const name = nameForType(given, mimeType);
    if (input.conversationId) await this.chat.assertOwned(user, input.conversationId);
    const reservation = await this.usage.reserve(user.id, 'audioUploadsPerMonth');
    let row;
    try {
      const file = await this.files.store(user.id, {
        kind: 'upload',
        contentType: mimeType,
        body: createReadStream(input.path),
        originalName: name,
        conversationId: input.conversationId ?? null,
      });
      row = await this.uploads.create({
        userId: user.id,
        conversationId: input.conversationId ?? null,
        fileId: file.id,
        originalName: name,
        size: file.size,
        mimeType,
        origin: input.origin,
      });
    } catch (error) {
      await reservation.refund();
      throw error;
    }
    await this.enqueueExtraction(row);
    return toUploadRecord((await this.uploads.findOwned(user.id, row.id)) ?? row);
  }

  async get(user: User, id: string): Promise<UploadRecord> {
    const row = await this.uploads.findOwned(user.id, id);
    if (!row) throw uploadNotFound();
    return toUploadRecord(row);
  }

  async list(user: User): Promise<UploadRecord[]> {
    return (await this.uploads.listOwned(user.id, UPLOAD_LIST_LIMIT)).map(toUploadRecord);
  }

  /** Deletes one of the user's uploads (404 for anyone else's): see remove(). */
  async delete(user: User, id: string): Promise<void> {
    const row = await this.uploads.findOwned(user.id, id);
    if (!row) throw uploadNotFound();
    await this.remove(row);
  }

  /**
   * Deletes the uploads of a conversation being deleted: those sent into it and those attached to
   * its messages (`attachedIds`, from the chat), wherever else they were attached too.
   */
  async deleteForConversation(userId: string, conversationId: string, attachedIds: string[]): Promise<void> {
    for (const row of await this.uploads.listForConversation(userId, conversationId, attachedIds))
      await this.remove(row);
  }

  /**
   * Withdraws the waiting extraction, then removes the stored file (its bytes and any thumbnail);
   * the row and its passages go with the file's row (ON DELETE CASCADE). A running extraction
   * finds the upload gone and stores nothing.
   */
  private async remove(row: UploadEntity): Promise<void> {
    await this.extractions.withdraw(row.id);
    await this.files.deleteOwned(row.userId, row.fileId);
  }

  private async detect(path: string) {
    try {
      return await detectUploadType(path, this.threads);
    } catch (error) {
      // Every thread busy, or busy for so long that the check could not run in time.
      if (!(error instanceof ThreadPoolBusyError || error instanceof ThreadTaskTimeoutError)) throw error;
      throw checksBusy();
    }
  }

  /** Queues the extraction and returns at once; a queue that cannot take it leaves the upload stored, its extraction failed. */
  private async enqueueExtraction(row: UploadEntity): Promise<void> {
    try {
      await this.extractions.add(extractionJobOf(row.mimeType), { userId: row.userId, uploadId: row.id });
    } catch (error) {
      this.logger.error(
        `Queueing the extraction of upload ${row.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
      await this.uploads.markFailed(
        row.id,
        'UPLOAD_EXTRACTION_FAILED',
        'The text extraction could not be queued. Please upload the file again later.',
      );
    }
  }
}
