import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UploadExtraction, UploadMimeType } from '@kasa/contracts';
import { ffmpegPath } from '../../../processes/ffmpeg';
import { ProcessFailedError, type MemoryLimit } from '../../../processes/run-process';
import type { DocumentLimits, DocumentsConfig } from '../../../config';
import {
  type ThreadTask,
  ThreadTaskMemoryError,
  ThreadTaskTimeoutError,
  type WorkerThreadsService,
} from '../../../worker-threads';
import { DOCUMENT_CHILD_SCRIPT } from './document-child-script';
import {
  type Deadline,
  ExtractionError,
  memoryLimitFailure,
  type PagesRead,
  pagesRead,
  TimeLimitReached,
  timeLimitFailure,
} from './extraction-limits';
import {
  imageDimensions,
  megapixels,
  OCR_MAX_PIXELS,
  PDF_RENDER_MAX_SIDE,
  scaledToFit,
} from './image-budget';
import {
  INDEX_DOCUMENT_OUTPUT_TASK,
  INDEX_TEXT_FILE_TASK,
  INDEX_TEXT_TASK,
  type IndexedText,
} from './index-text.task';
import { runLimited } from './limited-program';
import { MAX_INDEXED_CHARS } from './passages';
import { checkInflatedSize, ZipBudgetError } from './zip-budget';

export type ExtractionMethod = NonNullable<UploadExtraction['method']>;

/** The languages OCR reads when TESSERACT_LANGS is unset, as far as they are installed. */
export const OCR_LANGUAGES = ['eng', 'fra', 'afr', 'amh', 'swa', 'tir', 'yor'];
/** A PDF with fewer visible characters than this per page is a scan: its pages are read by OCR. */
const SCANNED_CHARS_PER_PAGE = 20;
/** The longest run of each program (less when the extraction's time ends first). */
const DOCUMENT_CAP_MS = 5 * 60_000;
const OCR_PAGE_CAP_MS = 2 * 60_000;
const RENDER_CAP_MS = 60_000;
const INDEXING_CAP_MS = 2 * 60_000;
/**
 * One thread per tesseract: a page read on one core leaves the other to the API (tesseract's
 * OpenMP would take them all, for little gain on one page).
 */
const TESSERACT_ENV = { OMP_THREAD_LIMIT: '1' };

/** An upload's text, indexed, and how it was read. */
export interface ExtractedText extends IndexedText {
  method: ExtractionMethod;
  /** A scanned PDF: its pages read and skipped. */
  pages?: PagesRead;
}

/** A document's text layer was read; or it is a scan, whose pages OCR reads (readScan). */
export type DocumentReading = { kind: 'text'; text: ExtractedText } | { kind: 'scan'; pageCount: number };

/** Progress of a long extraction (OCR page by page), 0 to 100. */
export type ProgressReport = (percent: number) => Promise<void>;

function moduleUrl(specifier: string): string {
  return new URL(`file://${require.resolve(specifier)}`).href;
}

/**
 * Reads the text of an uploaded file on disk (docs/operations.md#uploaded-documents-and-ocr):
 * text on a worker thread; PDF (unpdf), DOCX (mammoth, after its inflated size is checked) and
 * DOC (word-extractor) in a Node child process; images and scanned PDF pages (rendered at a
 * bounded size by pdftoppm) by tesseract, an image above the pixel budget refused and a large one
 * scaled down first by ffmpeg. Every program runs without a shell, under a hard memory limit, with
 * a timeout that never passes the extraction's deadline; a scan is read up to UPLOAD_OCR_MAX_PAGES.
 */
export class DocumentText {
  private languages?: Promise<string>;
  private readonly limits: DocumentLimits;

  constructor(
    private readonly config: DocumentsConfig,
    private readonly threads: WorkerThreadsService,
  ) {
    this.limits = config.limits;
  }

  /** A text, CSV or JSON upload, read and indexed on a worker thread. */
  async readText(path: string, deadline: Deadline): Promise<ExtractedText> {
    return { ...(await this.onThread(INDEX_TEXT_FILE_TASK, path, deadline)), method: 'text' };
  }

  /** A PDF's text layer, a DOCX or a DOC; a PDF without text is a scan for readScan. */
  async readDocument(path: string, mimeType: UploadMimeType, deadline: Deadline): Promise<DocumentReading> {
    if (mimeType === 'application/pdf') {
      const document = await this.document('pdf', path, deadline);
      if (document.visibleCharacters < SCANNED_CHARS_PER_PAGE * Math.max(1, document.pageCount))
        return { kind: 'scan', pageCount: document.pageCount };
      return { kind: 'text', text: { ...withoutCounts(document), method: 'pdf' } };
    }
    if (mimeType === 'application/msword')
      return {
        kind: 'text',
        text: { ...withoutCounts(await this.document('doc', path, deadline)), method: 'doc' },
      };
    await this.checkZip(path);
    return {
      kind: 'text',
      text: { ...withoutCounts(await this.document('docx', path, deadline)), method: 'docx' },
    };
  }

  /** A photo or a picture of text, by OCR (within the pixel budget). */
  async readImage(path: string, deadline: Deadline, progress: ProgressReport): Promise<ExtractedText> {
    await progress(10);
    const dir = await mkdtemp(join(tmpdir(), 'kasa-ocr-'));
    try {
      const text = await this.ocrImage(path, dir, deadline);
      return { ...(await this.onThread(INDEX_TEXT_TASK, text, deadline)), method: 'ocr' };
    } catch (error) {
      throw error instanceof TimeLimitReached ? timeLimitFailure(deadline.limitMs) : error;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * A scanned PDF, page by page (each rendered by pdftoppm then read by tesseract), from the
   * first up to UPLOAD_OCR_MAX_PAGES, until the deadline: the pages not read are said in `pages`.
   * `wanted` is asked before each page: false (the upload was deleted) stops at once with null.
   */
  async readScan(
    path: string,
    pageCount: number,
    deadline: Deadline,
    progress: ProgressReport,
    wanted: () => Promise<boolean>,
  ): Promise<ExtractedText | null> {
    const toRead = Math.min(pageCount, this.limits.ocrMaxPages);
    const dir = await mkdtemp(join(tmpdir(), 'kasa-ocr-'));
    const texts: string[] = [];
    let stoppedBy: 'page-limit' | 'time-limit' | null = toRead < pageCount ? 'page-limit' : null;
    try {
      for (let page = 1; page <= toRead; page++) {
        if (!(await wanted())) return null;
        try {
          texts.push(await this.ocrPage(path, page, dir, deadline));
        } catch (error) {
          if (!(error instanceof TimeLimitReached)) throw error;
          stoppedBy = 'time-limit';
          break;
        }
        await progress(Math.min(99, Math.round((page / toRead) * 100)));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    if (!texts.length && stoppedBy === 'time-limit') throw timeLimitFailure(deadline.limitMs);
    const indexed = await this.onThread(INDEX_TEXT_TASK, texts.join('\n\n'), deadline, true);
    return { ...indexed, method: 'ocr', pages: pagesRead(texts.length, pageCount, stoppedBy, this.limits) };
  }

  private async ocrPage(path: string, page: number, dir: string, deadline: Deadline): Promise<string> {
    const prefix = join(dir, `page-${page}`);
    // -scale-to: the page's longer side in pixels, whatever its size in points (a 5000 pt page
    // at a fixed dpi would be hundreds of megapixels).
    await this.runProgram(
      this.config.pdftoppmBinary,
      [
        '-f',
        String(page),
        '-l',
        String(page),
        '-scale-to',
        String(PDF_RENDER_MAX_SIDE),
        '-gray',
        '-png',
        '-singlefile',
        path,
        prefix,
      ],
      { debianPackage: 'poppler-utils', variable: 'PDFTOPPM_BIN', capMs: RENDER_CAP_MS, deadline },
    );
    try {
      return await this.tesseract(`${prefix}.png`, deadline);
    } finally {
      await rm(`${prefix}.png`, { force: true });
    }
  }

  /** Refused above UPLOAD_IMAGE_MAX_MEGAPIXELS (by its header), scaled down above OCR_MAX_PIXELS, then read. */
  private async ocrImage(path: string, dir: string, deadline: Deadline): Promise<string> {
    const size = await imageDimensions(path);
    if (!size)
      throw new ExtractionError(
        'UPLOAD_EXTRACTION_FAILED',
        'This image could not be read: it may be damaged.',
      );
    if (size.width * size.height > this.limits.imageMaxPixels)
      throw new ExtractionError(
        'UPLOAD_EXTRACTION_LIMIT',
        `This image is ${size.width} × ${size.height} pixels (${megapixels(size)} megapixels): images above ${this.limits.imageMaxPixels / 1_000_000} megapixels are not read. Make it smaller and upload it again.`,
      );
    const target = scaledToFit(size, OCR_MAX_PIXELS);
    if (!target) return this.tesseract(path, deadline);
    const smaller = join(dir, 'scaled.png');
    await this.runProgram(
      ffmpegPath(),
      // One frame (a GIF's first), grey, scaled down: what tesseract reads, in a fraction of the memory.
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-nostdin',
        '-threads',
        '1',
        '-i',
        path,
        '-frames:v',
        '1',
        '-vf',
        `scale=${target.width}:${target.height}`,
        '-pix_fmt',
        'gray',
        '-y',
        smaller,
      ],
      { capMs: RENDER_CAP_MS, deadline },
    );
    return this.tesseract(smaller, deadline);
  }

  private async tesseract(image: string, deadline: Deadline): Promise<string> {
    const languages = await this.ocrLanguages(deadline);
    const { stdout } = await this.runProgram(
      this.config.tesseractBinary,
      [image, 'stdout', '-l', languages],
      {
        debianPackage: 'tesseract-ocr',
        variable: 'TESSERACT_BIN',
        capMs: OCR_PAGE_CAP_MS,
        deadline,
        env: TESSERACT_ENV,
      },
    );
    return stdout.toString('utf8');
  }

  /** The document reader (document-child-script.ts) under the memory limit; its output indexed on a thread. */
  private async document(kind: 'pdf' | 'docx' | 'doc', path: string, deadline: Deadline) {
    const memory = this.memory('data');
    // V8's heap stops a little below the process's ceiling, so most documents too big fail cleanly.
    const heapMb = Math.floor((memory.bytes / (1024 * 1024)) * 0.75);
    let stdout: Buffer;
    try {
      ({ stdout } = await runLimited({
        command: process.execPath,
        args: [
          `--max-old-space-size=${heapMb}`,
          '--input-type=module',
          '-e',
          DOCUMENT_CHILD_SCRIPT,
          kind,
          path,
          String(MAX_INDEXED_CHARS),
          moduleUrl('unpdf'),
          moduleUrl('mammoth'),
          moduleUrl('word-extractor'),
        ],
        capMs: DOCUMENT_CAP_MS,
        deadline,
        memory,
      }));
    } catch (error) {
      if (error instanceof TimeLimitReached) throw timeLimitFailure(deadline.limitMs);
      if (!(error instanceof ProcessFailedError)) throw error;
      const reason = error.stderr.trim().split('\n').pop() ?? '';
      if (error.ending?.exitCode === 3) throw new ExtractionError('UPLOAD_EXTRACTION_FAILED', reason);
      if (error.ending?.exitCode === 4 || /heap out of memory|allocation failed/i.test(error.stderr))
        throw memoryLimitFailure(memory.bytes);
      throw new ExtractionError(
        'UPLOAD_EXTRACTION_FAILED',
        `The text of this ${kind.toUpperCase()} file could not be read.`,
      );
    }
    return this.onThread(INDEX_DOCUMENT_OUTPUT_TASK, stdout, deadline);
  }

  /** A DOCX is a ZIP: its parts must fit UPLOAD_DOCUMENT_MAX_INFLATED_MB before mammoth inflates them in memory. */
  private async checkZip(path: string): Promise<void> {
    try {
      await checkInflatedSize(path, this.limits.inflatedMaxBytes);
    } catch (error) {
      if (error instanceof ZipBudgetError)
        throw new ExtractionError(
          'UPLOAD_EXTRACTION_LIMIT',
          `This Word document is too large to read: ${error.message}.`,
        );
      throw new ExtractionError(
        'UPLOAD_EXTRACTION_FAILED',
        `This Word document could not be read: it may be damaged (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
  }

  /** TESSERACT_LANGS, else the installed ones of OCR_LANGUAGES (asked once), else 'eng'. */
  private ocrLanguages(deadline: Deadline): Promise<string> {
    if (this.config.tesseractLanguages?.length)
      return Promise.resolve(this.config.tesseractLanguages.join('+'));
    this.languages ??= this.runProgram(this.config.tesseractBinary, ['--list-langs'], {
      debianPackage: 'tesseract-ocr',
      variable: 'TESSERACT_BIN',
      capMs: 30_000,
      deadline,
    }).then(({ stdout, stderr }) => {
      const installed = new Set(`${stdout.toString('utf8')}\n${stderr}`.split(/\s+/));
      const wanted = OCR_LANGUAGES.filter((language) => installed.has(language));
      return wanted.length ? wanted.join('+') : 'eng';
    });
    this.languages.catch(() => (this.languages = undefined));
    return this.languages;
  }

  /** A native program under the address-space limit; any failure of its own means the file is unreadable. */
  private async runProgram(
    command: string,
    args: string[],
    options: {
      debianPackage?: string;
      variable?: string;
      capMs: number;
      deadline: Deadline;
      env?: Record<string, string>;
    },
  ) {
    try {
      return await runLimited({ command, args, memory: this.memory('address-space'), ...options });
    } catch (error) {
      if (error instanceof ProcessFailedError)
        throw new ExtractionError('UPLOAD_EXTRACTION_FAILED', 'The text of this file could not be read.');
      throw error;
    }
  }

  private memory(kind: MemoryLimit['kind']): MemoryLimit {
    return { bytes: this.limits.childMemoryBytes, kind };
  }

  /**
   * A task on a worker thread within the deadline (`ownTime`: within its own cap only, as a
   * scan's indexing of the pages it has read); a thread out of time or memory is a final failure.
   */
  private async onThread<Input, Output>(
    task: ThreadTask<Input, Output>,
    input: Input,
    deadline: Deadline,
    ownTime = false,
  ): Promise<Output> {
    const remaining = deadline.remainingMs();
    if (!ownTime && remaining <= 0) throw timeLimitFailure(deadline.limitMs);
    const byDeadline = !ownTime && remaining < INDEXING_CAP_MS;
    try {
      return await this.threads.run(task, input, { timeoutMs: byDeadline ? remaining : INDEXING_CAP_MS });
    } catch (error) {
      if (error instanceof ThreadTaskTimeoutError)
        throw timeLimitFailure(byDeadline ? deadline.limitMs : INDEXING_CAP_MS);
      if (error instanceof ThreadTaskMemoryError)
        throw new ExtractionError(
          'UPLOAD_EXTRACTION_LIMIT',
          'Indexing the text of this file needed more memory than allowed.',
        );
      throw error;
    }
  }
}

function withoutCounts({ passages, characters }: IndexedText): IndexedText {
  return { passages, characters };
}
