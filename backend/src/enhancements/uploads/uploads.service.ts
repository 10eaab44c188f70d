import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { UPLOAD_MAX_BYTES, type UploadRecord } from '@kasa/contracts';
import { ChatService } from '../../chat';
import { ApiException } from '../../common';
import { FilesService } from '../../files';
import { QueueService } from '../../queue';
import { queueOfJob } from '../../queue/job-map';
import type { User } from '../../users';
import { UsageService } from '../../usage';
import { detectUploadType } from './content/detect-upload-type';
import { EXTRACT_UPLOAD_JOB, type ExtractUploadJob } from './jobs/extract-upload.job-types';
import { fileTooLarge, UNNAMED_FILE } from './upload-receiver';
import { toUploadRecord, UploadsRepository } from './uploads.repository';

/** The newest uploads GET /api/enhancements/uploads lists. */
export const UPLOAD_LIST_LIMIT = 50;
const EXTRACT_ATTEMPTS = 2;
const EXTRACT_BACKOFF_MS = 2_000;

export interface ImportFileInput {
  /** The file on local disk; the caller removes it afterwards. */
  path: string;
  originalName: string;
  conversationId?: string;
  origin: 'device' | 'google-drive';
}

export const uploadNotFound = () =>
  new ApiException(HttpStatus.NOT_FOUND, 'UPLOAD_NOT_FOUND', 'Upload not found.');

/**
 * File uploads (docs/architecture.md#chat-enhancements): checks a file by its bytes, takes one
 * upload of the month's quota, stores it (files/, kind 'upload') with its row, and queues the
 * uploads.extract job without waiting for it: the dialog polls the row for the extraction.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);

  constructor(
    private readonly uploads: UploadsRepository,
    private readonly files: FilesService,
    private readonly usage: UsageService,
    private readonly chat: ChatService,
    private readonly queue: QueueService,
  ) {}

  /**
   * The whole pipeline for a file on disk (an upload received, or a Google Drive import): size,
   * type by content, the conversation's owner, quota, storage, row, extraction job. Every refusal
   * comes before anything is charged; a failure to store gives the upload back.
   */
  async importFile(user: User, input: ImportFileInput): Promise<UploadRecord> {
    const name = input.originalName.trim().slice(0, 255) || UNNAMED_FILE;
    const { size } = await stat(input.path);
    if (size > UPLOAD_MAX_BYTES) throw fileTooLarge(name);
    const mimeType = await detectUploadType(input.path);
    if (!mimeType)
      throw new ApiException(
        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
        'UPLOAD_TYPE_NOT_ALLOWED',
        `Invalid file type: ${name}. Only images, PDFs, Word docs, and text files are allowed.`,
      );
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
    await this.enqueueExtraction({ userId: user.id, uploadId: row.id });
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

  /**
   * Queues the extraction and returns at once. The finished job removes itself (removeOnComplete
   * true deletes only its own row, unlike age/count retention: see QueueService.runJob); a failed
   * one stays for inspection. A queue that cannot take it leaves the upload stored, its
   * extraction failed with a reason.
   */
  private async enqueueExtraction(payload: ExtractUploadJob): Promise<void> {
    try {
      await this.queue.queue(queueOfJob(EXTRACT_UPLOAD_JOB)).add(EXTRACT_UPLOAD_JOB, payload, {
        attempts: EXTRACT_ATTEMPTS,
        backoff: { type: 'exponential', delay: EXTRACT_BACKOFF_MS },
        removeOnComplete: true,
      });
    } catch (error) {
      this.logger.error(
        `Queueing the extraction of upload ${payload.uploadId}: ${error instanceof Error ? error.message : String(error)}`,
      );
      await this.uploads.markFailed(
        payload.uploadId,
        'UPLOAD_EXTRACTION_FAILED',
        'The text extraction could not be queued. Please upload the file again later.',
      );
    }
  }
}
