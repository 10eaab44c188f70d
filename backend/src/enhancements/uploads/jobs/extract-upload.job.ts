import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiException } from '../../../common';
import { APP_CONFIG, type AppConfig } from '../../../config';
import { FilesService } from '../../../files';
import { OnJob } from '../../../queue/on-job.decorator';
import { DocumentText, ExtractionError } from '../content/document-text';
import { toPassages } from '../content/passages';
import { UploadsRepository } from '../uploads.repository';
import type { ExtractUploadJob, ExtractUploadResult } from './extract-upload.job-types';

export const EXTRACTION_FAILED = 'The text of this file could not be read.';

/**
 * Reads an upload's text into passages, reporting progress in its row (the upload dialog polls
 * it). A document that cannot be read (damaged, no OCR here) fails for good at once: the row says
 * why and the job succeeds, so no retry repeats it. Anything else (the database, the storage)
 * marks the row failed and throws: the queue retries, and a retry that works sets it done.
 */
@Injectable()
export class ExtractUploadJobHandler {
  private readonly logger = new Logger(ExtractUploadJobHandler.name);
  private readonly documents: DocumentText;
  /** The stored file is copied here for the programs that read it (removed after each job). */
  private readonly workDir: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly files: FilesService,
    private readonly uploads: UploadsRepository,
  ) {
    this.documents = new DocumentText(config.enhancements.documents);
    this.workDir = join(config.dataDir, 'extracting');
  }

  @OnJob({ name: 'uploads.extract', concurrency: 2 })
  async extract(job: ExtractUploadJob): Promise<ExtractUploadResult> {
    const upload = await this.uploads.findOwned(job.userId, job.uploadId);
    // Deleted meanwhile (with its conversation): nothing left to read.
    if (!upload) return { status: 'failed', characters: 0 };
    await this.uploads.setProgress(upload.id, 'running', 0);
    await mkdir(this.workDir, { recursive: true });
    const path = join(this.workDir, `${upload.id}-${randomUUID()}`);
    try {
      const { object } = await this.files.readForJob(job.userId, upload.fileId);
      await pipeline(object.body, createWriteStream(path));
      const { text, method } = await this.documents.extract(path, upload.mimeType, (percent) =>
        this.uploads.setProgress(upload.id, 'running', percent),
      );
      await this.uploads.saveText(upload, toPassages(text), method, text.length);
      return { status: 'done', characters: text.length };
    } catch (error) {
      if (error instanceof ExtractionError) {
        await this.uploads.markFailed(upload.id, error.code, error.message);
        return { status: 'failed', characters: 0 };
      }
      if (error instanceof ApiException && error.getStatus() === 404) {
        // The file went with its conversation between the lookup and the read.
        await this.uploads
          .markFailed(upload.id, 'UPLOAD_EXTRACTION_FAILED', EXTRACTION_FAILED)
          .catch(() => undefined);
        return { status: 'failed', characters: 0 };
      }
      this.logger.error(
        `Extracting upload ${upload.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
      await this.uploads
        .markFailed(upload.id, 'UPLOAD_EXTRACTION_FAILED', EXTRACTION_FAILED)
        .catch(() => undefined);
      throw error;
    } finally {
      await rm(path, { force: true });
    }
  }
}
