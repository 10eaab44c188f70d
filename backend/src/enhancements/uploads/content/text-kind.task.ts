import { open } from 'node:fs/promises';
import { defineThreadTask } from '../../../worker-threads/thread-task';
import {
  CSV_SNIFF_CHARS,
  hasControlCharacters,
  isJson,
  looksLikeCsv,
  refusedStart,
  type TextRefusal,
  type TextType,
} from './text-kind';

/** JSON is parsed whole to be recognised: beyond this size a JSON file is kept as plain text. */
export const JSON_SNIFF_MAX_BYTES = 8 * 1024 * 1024;
const READ_CHUNK = 1024 * 1024;

export type TextVerdict = { type: TextType } | { refused: TextRefusal };

/**
 * Whether a file (of no binary type by its magic number) is text an upload may be, and which:
 * valid UTF-8 all through (a BOM allowed), printable (text-kind.ts), not markup nor a script;
 * then JSON (an object or array that parses, up to JSON_SNIFF_MAX_BYTES) or CSV (a steady column
 * count) or plain text. Runs on a worker thread (classifyTextFile below): a 50 MB file is decoded
 * and scanned, and an 8 MB JSON parsed, without holding the API's event loop.
 */
export async function classifyText(path: string): Promise<TextVerdict> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const chunk = Buffer.alloc(Math.min(Math.max(size, 1), READ_CHUNK));
    /** The text while it may be JSON (the whole file) or, past that size, its start for the CSV check. */
    let kept = '';
    const keepAll = size <= JSON_SNIFF_MAX_BYTES;
    for (let position = 0; position < size;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      let text: string;
      try {
        text = decoder.decode(chunk.subarray(0, bytesRead), { stream: position < size });
      } catch {
        return { refused: 'binary' }; // not UTF-8, or it ends in the middle of a character
      }
      if (hasControlCharacters(text)) return { refused: 'binary' };
      if (keepAll || kept.length < CSV_SNIFF_CHARS) kept += text;
      if (position === bytesRead) {
        const refusal = refusedStart(kept);
        if (refusal) return { refused: refusal };
      }
    }
    if (keepAll && isJson(kept)) return { type: 'application/json' };
    return { type: looksLikeCsv(kept.slice(0, CSV_SNIFF_CHARS)) ? 'text/csv' : 'text/plain' };
  } finally {
    await handle.close();
  }
}

export const CLASSIFY_TEXT_TASK = defineThreadTask<string, TextVerdict>(__filename, 'classifyText');
