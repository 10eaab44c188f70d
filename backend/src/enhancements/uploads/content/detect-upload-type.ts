import { open } from 'node:fs/promises';
import type { UploadMimeType } from '@kasa/contracts';
import FileReader from 'word-extractor/lib/file-reader';
import OleCompoundDoc from 'word-extractor/lib/ole-compound-doc';

/** JSON is parsed whole to be recognised: beyond this size a JSON file is kept as plain text. */
export const JSON_SNIFF_MAX_BYTES = 8 * 1024 * 1024;
/** How much of a text file's start the CSV check reads. */
const CSV_SNIFF_BYTES = 64 * 1024;
const CSV_SNIFF_LINES = 20;
const CSV_DELIMITERS = [',', ';', '\t', '|'];
/** A ZIP's end record is within its last 22 + 65,535 (comment) bytes. */
const ZIP_TAIL_BYTES = 22 + 0xffff;
/** A DOCX's central directory is a few KB; a much larger one is not worth reading for a name. */
const ZIP_DIRECTORY_MAX_BYTES = 4 * 1024 * 1024;
const READ_CHUNK = 1024 * 1024;

const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The upload's type, decided by its bytes alone (its name and declared type are never trusted):
 * magic numbers for images, PDF and the two Word formats (a DOC is an OLE2 compound file with a
 * WordDocument stream; a DOCX a ZIP holding word/document.xml), then text: valid UTF-8 without a
 * NUL byte, refined into JSON (it parses) or CSV (a steady column count). Null: none of these.
 */
export async function detectUploadType(path: string): Promise<UploadMimeType | null> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) return null;
    const head = Buffer.alloc(Math.min(size, 64));
    await handle.read(head, 0, head.length, 0);
    const byMagic = typeByMagic(head);
    if (byMagic) return byMagic;
    if (head.subarray(0, 8).equals(OLE2_MAGIC))
      return (await isWordDocument(path)) ? 'application/msword' : null;
    const zip = head.length >= 4 ? head.readUInt32LE(0) : 0;
    if (zip === 0x04034b50 || zip === 0x06054b50)
      return (await zipHasEntry(handle, size, 'word/document.xml'))
        ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
        : null;
    if (!(await isUtf8Text(handle, size))) return null;
    return textType(handle, size);
  } finally {
    await handle.close();
  }
}

/** Images and PDF by their first bytes. */
export function typeByMagic(head: Buffer): UploadMimeType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(0, 8).equals(PNG_MAGIC)) return 'image/png';
  const ascii = head.subarray(0, 12).toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'image/gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp';
  if (ascii.startsWith('%PDF-')) return 'application/pdf';
  return null;
}

/** An OLE2 file is also Excel, PowerPoint, MSI...: only one with a WordDocument stream is a DOC. */
async function isWordDocument(path: string): Promise<boolean> {
  const reader = new FileReader(path);
  try {
    await reader.open();
    const doc = await new OleCompoundDoc(reader).read();
    return Boolean(doc._rootStorage?._dirEntry?.streams?.WordDocument);
  } catch {
    return false;
  } finally {
    await reader.close().catch(() => undefined);
  }
}

type FileHandle = Awaited<ReturnType<typeof open>>;

/** Whether the ZIP's central directory names `entry` (read from the end record; no inflating). */
async function zipHasEntry(handle: FileHandle, size: number, entry: string): Promise<boolean> {
  const tailLength = Math.min(size, ZIP_TAIL_BYTES);
  const tail = Buffer.alloc(tailLength);
  await handle.read(tail, 0, tailLength, size - tailLength);
  let end = -1;
  for (let at = tailLength - 22; at >= 0; at--)
    if (tail.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  if (end < 0) return false;
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directorySize > ZIP_DIRECTORY_MAX_BYTES || directoryOffset + directorySize > size) return false;
  const directory = Buffer.alloc(directorySize);
  await handle.read(directory, 0, directorySize, directoryOffset);
  const wanted = Buffer.from(entry, 'utf8');
  for (let at = 0; at + 46 <= directory.length && directory.readUInt32LE(at) === 0x02014b50;) {
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    if (directory.subarray(at + 46, at + 46 + nameLength).equals(wanted)) return true;
    at += 46 + nameLength + extraLength + commentLength;
  }
  return false;
}

/** Valid UTF-8 all through (read a megabyte at a time) and no NUL byte: text, not binary. */
async function isUtf8Text(handle: FileHandle, size: number): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const chunk = Buffer.alloc(Math.min(size, READ_CHUNK));
  for (let position = 0; position < size;) {
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0) break;
    const bytes = chunk.subarray(0, bytesRead);
    if (bytes.includes(0)) return false;
    try {
      decoder.decode(bytes, { stream: true });
    } catch {
      return false;
    }
    position += bytesRead;
  }
  try {
    decoder.decode();
    return true;
  } catch {
    return false; // ends in the middle of a character
  }
}

async function textType(handle: FileHandle, size: number): Promise<UploadMimeType> {
  if (size <= JSON_SNIFF_MAX_BYTES) {
    const whole = Buffer.alloc(size);
    await handle.read(whole, 0, size, 0);
    const text = whole.toString('utf8').replace(/^\uFEFF/, '');
    if (isJson(text)) return 'application/json';
    return looksLikeCsv(text.slice(0, CSV_SNIFF_BYTES)) ? 'text/csv' : 'text/plain';
  }
  const start = Buffer.alloc(CSV_SNIFF_BYTES);
  const { bytesRead } = await handle.read(start, 0, start.length, 0);
  return looksLikeCsv(
    start
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
  )
    ? 'text/csv'
    : 'text/plain';
}

/** An object or an array that parses (a lone number or word is text, not JSON). */
export function isJson(text: string): boolean {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/**
 * CSV: at least two non-empty lines among the first ones, all with the same number (two or more)
 * of columns for one delimiter (quoted fields respected). A last line cut by the sniff is ignored.
 */
export function looksLikeCsv(text: string): boolean {
  const lines = text.split(/\r?\n/);
  if (text.length >= CSV_SNIFF_BYTES) lines.pop();
  const sample = lines.filter((line) => line.trim() !== '').slice(0, CSV_SNIFF_LINES);
  if (sample.length < 2) return false;
  return CSV_DELIMITERS.some((delimiter) => {
    const counts = sample.map((line) => columnCount(line, delimiter));
    return counts[0] >= 2 && counts.every((count) => count === counts[0]);
  });
}

function columnCount(line: string, delimiter: string): number {
  let columns = 1;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) columns++;
  }
  return quoted ? -1 : columns;
}
