import { open } from 'node:fs/promises';
import { defineThreadTask } from '../../../worker-threads/thread-task';
import { cleanText, MAX_INDEXED_CHARS, toPassages } from './passages';

/** An upload's text, cleaned and cut into the passages that are stored and searched. */
export interface IndexedText {
  passages: string[];
  /** Characters of the cleaned text. */
  characters: number;
}

/** What the document reader (document-child-script.ts) writes on its stdout. */
export interface DocumentOutput {
  /** Pages of a PDF (1 for a Word document). */
  pageCount: number;
  /** Characters other than white space on all its pages (a scan has next to none). */
  visibleCharacters: number;
  /** Its text, at most MAX_INDEXED_CHARS. */
  text: string;
}

export interface IndexedDocument extends IndexedText {
  pageCount: number;
  visibleCharacters: number;
}

/**
 * Cleans text and cuts it into passages. Regular expressions over up to MAX_INDEXED_CHARS
 * characters take long enough to be felt by every request, so these run on a worker thread
 * (the tasks below), in the API's process too when it runs the jobs itself.
 */
export function indexText(text: string): IndexedText {
  const clean = cleanText(text.slice(0, MAX_INDEXED_CHARS));
  return { passages: toPassages(clean), characters: clean.length };
}

/** A text upload (its type check proved it UTF-8): at most MAX_INDEXED_CHARS of it, indexed. */
export async function indexTextFile(path: string): Promise<IndexedText> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    // At most 4 bytes a character: enough bytes for MAX_INDEXED_CHARS, never the whole 50 MB.
    const bytes = Buffer.alloc(Math.min(size, MAX_INDEXED_CHARS * 4));
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
    // A character cut at the end of what was read decodes as U+FFFD: it is past the limit anyway.
    return indexText(bytes.toString('utf8', 0, bytesRead).replace(/^\uFEFF/, ''));
  } finally {
    await handle.close();
  }
}

/** The document reader's JSON output (up to tens of megabytes), parsed and indexed. */
export function indexDocumentOutput(output: Uint8Array): IndexedDocument {
  const { pageCount, visibleCharacters, text } = JSON.parse(
    Buffer.from(output.buffer, output.byteOffset, output.byteLength).toString('utf8'),
  ) as DocumentOutput;
  return { pageCount, visibleCharacters, ...indexText(text) };
}

export const INDEX_TEXT_TASK = defineThreadTask<string, IndexedText>(__filename, 'indexText');
export const INDEX_TEXT_FILE_TASK = defineThreadTask<string, IndexedText>(__filename, 'indexTextFile');
export const INDEX_DOCUMENT_OUTPUT_TASK = defineThreadTask<Uint8Array, IndexedDocument>(
  __filename,
  'indexDocumentOutput',
);
