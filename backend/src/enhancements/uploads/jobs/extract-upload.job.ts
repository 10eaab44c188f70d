import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiException } from '../../../common';
import { APP_CONFIG, type AppConfig, type DocumentLimits } from '../../../config';
import { FilesService } from '../../../files';
import { OnJob } from '../../../queue/on-job.decorator';
import { WorkerThreadsService } from '../../../worker-threads';
import { DocumentText, type ExtractedText, type ProgressReport } from '../content/document-text';
import { Deadline, ExtractionError } from '../content/extraction-limits';
import type { UploadEntity } from '../entities/upload.entity';
import { UploadsRepository } from '../uploads.repository';
import {
  type ExtractUploadJob,
  type ExtractUploadResult,
  READ_SCAN_JOB,
  type ReadScanJob,
} from './extract-upload.job-types';
import { ExtractionQueue } from './extraction-queue';
import { extractionWorkDir } from './extraction-temp-files';

export const EXTRACTION_FAILED = 'The text of this file could not be read.';

/** What one lane does with the upload's file on local disk: its text, a scan to hand over, or nothing (deleted). */
type Reading = ExtractedText | { scan: number } | null;

/**
 * Reads an upload's text into passages, reporting progress in its row (the upload dialog polls
 * it), in three queues (extract-upload.job-types.ts) each with its time budget
 * (UPLOAD_EXTRACTION_TIME_LIMIT_SECONDS). A document that cannot be read (damaged, no OCR here,
 * past a limit) fails for good at once: the row says why and the job succeeds, so no retry
 * repeats it. Anything else (the database, the storage) marks the row failed and throws: the
 * queue retries, and a retry that works sets it done. An upload deleted meanwhile is left alone.
 */
@Injectable()
export class ExtractUploadJobHandler {
  private readonly logger = new Logger(ExtractUploadJobHandler.name);
  private readonly documents: DocumentText;
  private readonly limits: DocumentLimits;
  /**
   * The stored file is copied here for the programs that read it (removed after each job; a killed
   * worker's copy is swept later: extraction-temp-files.ts).
   */
  private readonly workDir: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    threads: WorkerThreadsService,
    private readonly files: FilesService,
    private readonly uploads: UploadsRepository,
    private readonly queue: ExtractionQueue,
  ) {
    this.documents = new DocumentText(config.enhancements.documents, threads);
    this.limits = config.enhancements.documents.limits;
    this.workDir = extractionWorkDir(config.dataDir);
  }

  /** Text, CSV and JSON: cleaned and cut on a worker thread. */
  @OnJob({ name: 'uploads.extract', concurrency: 2 })
  extractText(job: ExtractUploadJob): Promise<ExtractUploadResult> {
    return this.read(job, (path, _upload, deadline) => this.documents.readText(path, deadline));
  }

  /** PDF (its text layer), DOCX, DOC and photos: one program each. A PDF without text goes to OCR. */
  @OnJob({ name: 'uploads-documents.extract', concurrency: 2 })
  extractDocument(job: ExtractUploadJob): Promise<ExtractUploadResult> {
    return this.read(job, async (path, upload, deadline, progress) => {
      if (upload.mimeType.startsWith('image/')) return this.documents.readImage(path, deadline, progress);
      const reading = await this.documents.readDocument(path, upload.mimeType, deadline);
      return reading.kind === 'scan' ? { scan: reading.pageCount } : reading.text;
    });
  }

  /** A scanned PDF's pages by OCR, one at a time: the costly queue, with fewer slots. */
  @OnJob({ name: 'uploads-scans.extract', concurrency: 1 })
  readScan(job: ReadScanJob): Promise<ExtractUploadResult> {
    return this.read(job, (path, upload, deadline, progress) =>
      this.documents.readScan(path, job.pageCount, deadline, progress, () => this.uploads.exists(upload.id)),
    );
  }

  private async read(
    job: ExtractUploadJob,
    reading: (
      path: string,
      upload: UploadEntity,
      deadline: Deadline,
      progress: ProgressReport,
    ) => Promise<Reading>,
  ): Promise<ExtractUploadResult> {
    const upload = await this.uploads.findOwned(job.userId, job.uploadId);
    if (!upload) return { status: 'deleted', characters: 0 };
    const deadline = new Deadline(this.limits.timeLimitMs);
    await this.uploads.setProgress(upload.id, 'running', upload.extractionProgress);
    await mkdir(this.workDir, { recursive: true });
    const path = join(this.workDir, `${upload.id}-${randomUUID()}`);
    try {
      const { object } = await this.files.readForJob(job.userId, upload.fileId);
      await pipeline(object.body, createWriteStream(path));
      const result = await reading(path, upload, deadline, (percent) =>
        this.uploads.setProgress(upload.id, 'running', percent),
      );
      if (!result) return { status: 'deleted', characters: 0 };
      if ('scan' in result) {
        await this.uploads.setProgress(upload.id, 'pending', 0);
        await this.queue.add(READ_SCAN_JOB, {
          userId: job.userId,
          uploadId: job.uploadId,
          pageCount: result.scan,
        });
        return { status: 'scan', characters: 0 };
      }
      if (!(await this.uploads.saveText(upload, result))) return { status: 'deleted', characters: 0 };
      return { status: 'done', characters: result.characters };
    } catch (error) {
      if (error instanceof ExtractionError) {
        await this.uploads.markFailed(upload.id, error.code, error.message);
        return { status: 'failed', characters: 0 };
      }
      if (error instanceof ApiException && error.getStatus() === 404) {
        // The file went with its upload or conversation between the lookup and the read (the
        // row is gone too, and this changes nothing), or its bytes are lost: say so.
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
