import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { UploadExtraction, UploadMimeType } from '@kasa/contracts';
import { ProcessFailedError, runProcess } from '../../../ai/audio/run-process';
import type { DocumentsConfig } from '../../../config';
import { DOCUMENT_CHILD_SCRIPT } from './document-child-script';
import { cleanText, MAX_INDEXED_CHARS } from './passages';

export type ExtractionMethod = NonNullable<UploadExtraction['method']>;

/** The languages OCR reads when TESSERACT_LANGS is unset, as far as they are installed. */
export const OCR_LANGUAGES = ['eng', 'fra', 'afr', 'amh', 'swa', 'tir', 'yor'];
/** A PDF with fewer visible characters than this per page is a scan: its pages are read by OCR. */
const SCANNED_CHARS_PER_PAGE = 20;
/** Pages rendered at this resolution read well with tesseract without huge images. */
const OCR_DPI = '200';
const DOCUMENT_TIMEOUT_MS = 5 * 60_000;
const OCR_PAGE_TIMEOUT_MS = 2 * 60_000;

/** Why a document's text cannot be read: final (retrying will not help); `code` is an ErrorCode. */
export class ExtractionError extends Error {
  override readonly name = 'ExtractionError';
  constructor(
    readonly code: 'UPLOAD_OCR_UNAVAILABLE' | 'UPLOAD_EXTRACTION_FAILED',
    message: string,
  ) {
    super(message);
  }
}

export interface ExtractedText {
  text: string;
  method: ExtractionMethod;
}

/** Progress of a long extraction (OCR page by page), 0 to 100. */
export type ProgressReport = (percent: number) => Promise<void>;

function moduleUrl(specifier: string): string {
  return new URL(`file://${require.resolve(specifier)}`).href;
}

/**
 * Reads the text of an uploaded file on disk: PDF (unpdf; a scan is rendered by pdftoppm and read
 * by tesseract page by page), DOCX (mammoth), DOC (word-extractor), text as UTF-8, images by
 * tesseract. Every program runs without a shell and with a timeout.
 */
export class DocumentText {
  private readonly logger = new Logger(DocumentText.name);
  private languages?: Promise<string>;

  constructor(private readonly config: DocumentsConfig) {}

  async extract(path: string, mimeType: UploadMimeType, progress: ProgressReport): Promise<ExtractedText> {
    switch (mimeType) {
      case 'application/pdf':
        return this.pdf(path, progress);
      case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
        return { text: cleanText((await this.document('docx', path)).join('\n\n')), method: 'docx' };
      case 'application/msword':
        return { text: cleanText((await this.document('doc', path)).join('\n\n')), method: 'doc' };
      case 'text/plain':
      case 'text/csv':
      case 'application/json':
        return { text: cleanText(await readText(path)), method: 'text' };
      default:
        await progress(10);
        return { text: cleanText(await this.ocr(path)), method: 'ocr' };
    }
  }

  private async pdf(path: string, progress: ProgressReport): Promise<ExtractedText> {
    const pages = await this.document('pdf', path);
    const visible = pages.reduce((sum, page) => sum + page.replace(/\s/g, '').length, 0);
    if (visible >= SCANNED_CHARS_PER_PAGE * Math.max(1, pages.length))
      return { text: cleanText(pages.join('\n\n')), method: 'pdf' };
    // A scan: each page becomes an image, read by OCR, one at a time (bounded disk and memory).
    const dir = await mkdtemp(join(tmpdir(), 'kasa-ocr-'));
    try {
      const texts: string[] = [];
      let length = 0;
      for (let page = 1; page <= pages.length && length < MAX_INDEXED_CHARS; page++) {
        const prefix = join(dir, `page-${page}`);
        await this.run(
          this.config.pdftoppmBinary,
          ['-f', String(page), '-l', String(page), '-r', OCR_DPI, '-png', '-singlefile', path, prefix],
          'poppler-utils',
          'PDFTOPPM_BIN',
        );
        const text = await this.ocr(`${prefix}.png`);
        await rm(`${prefix}.png`, { force: true });
        texts.push(text);
        length += text.length;
        await progress(Math.min(99, Math.round((page / pages.length) * 100)));
      }
      return { text: cleanText(texts.join('\n\n')), method: 'ocr' };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async document(kind: 'pdf' | 'docx' | 'doc', path: string): Promise<string[]> {
    try {
      const { stdout } = await runProcess(
        process.execPath,
        [
          '--max-old-space-size=1024',
          '--input-type=module',
          '-e',
          DOCUMENT_CHILD_SCRIPT,
          kind,
          path,
          moduleUrl('unpdf'),
          moduleUrl('mammoth'),
          moduleUrl('word-extractor'),
        ],
        { timeoutMs: DOCUMENT_TIMEOUT_MS },
      );
      return (JSON.parse(stdout.toString('utf8')) as { pages: string[] }).pages;
    } catch (error) {
      if (error instanceof ProcessFailedError && / exited with code 3:/.test(error.message))
        throw new ExtractionError('UPLOAD_EXTRACTION_FAILED', error.stderr.trim().split('\n').pop()!);
      this.logger.error(`Reading a ${kind}: ${error instanceof Error ? error.message : String(error)}`);
      throw new ExtractionError(
        'UPLOAD_EXTRACTION_FAILED',
        `The text of this ${kind.toUpperCase()} file could not be read.`,
      );
    }
  }

  private async ocr(image: string): Promise<string> {
    const languages = await this.ocrLanguages();
    const { stdout } = await this.run(
      this.config.tesseractBinary,
      [image, 'stdout', '-l', languages],
      'tesseract-ocr',
      'TESSERACT_BIN',
      OCR_PAGE_TIMEOUT_MS,
    );
    return stdout.toString('utf8');
  }

  /** TESSERACT_LANGS, else the installed ones of OCR_LANGUAGES (asked once), else 'eng'. */
  private ocrLanguages(): Promise<string> {
    if (this.config.tesseractLanguages?.length)
      return Promise.resolve(this.config.tesseractLanguages.join('+'));
    this.languages ??= this.run(
      this.config.tesseractBinary,
      ['--list-langs'],
      'tesseract-ocr',
      'TESSERACT_BIN',
    ).then(({ stdout, stderr }) => {
      const installed = new Set(`${stdout.toString('utf8')}\n${stderr}`.split(/\s+/));
      const wanted = OCR_LANGUAGES.filter((language) => installed.has(language));
      return wanted.length ? wanted.join('+') : 'eng';
    });
    this.languages.catch(() => (this.languages = undefined));
    return this.languages;
  }

  /** Runs a program; one that is not installed is a final failure naming the Debian package. */
  private async run(
    command: string,
    args: string[],
    debianPackage: string,
    variable: string,
    timeoutMs = OCR_PAGE_TIMEOUT_MS,
  ) {
    try {
      return await runProcess(command, args, { timeoutMs });
    } catch (error) {
      if (error instanceof ProcessFailedError && / could not start: .*ENOENT/.test(error.message))
        throw new ExtractionError(
          'UPLOAD_OCR_UNAVAILABLE',
          `Text recognition is not available on this server: ${command} is missing. Install the Debian package ${debianPackage} (or set ${variable}).`,
        );
      this.logger.error(`${command} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new ExtractionError('UPLOAD_EXTRACTION_FAILED', 'The text of this file could not be read.');
    }
  }
}

/** A text upload as UTF-8, at most MAX_INDEXED_CHARS of it (detection checked it is UTF-8). */
async function readText(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    // At most 4 bytes a character: enough bytes for MAX_INDEXED_CHARS, never the whole 50 MB.
    const bytes = Buffer.alloc(Math.min(size, MAX_INDEXED_CHARS * 4));
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
    return bytes
      .toString('utf8', 0, bytesRead)
      .replace(/^\uFEFF/, '')
      .slice(0, MAX_INDEXED_CHARS);
  } finally {
    await handle.close();
  }
}
