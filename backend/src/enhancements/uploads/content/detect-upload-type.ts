import { open } from 'node:fs/promises';
import type { UploadMimeType } from '@kasa/contracts';
import FileReader from 'word-extractor/lib/file-reader';
import OleCompoundDoc from 'word-extractor/lib/ole-compound-doc';
import type { WorkerThreadsService } from '../../../worker-threads';
import { CLASSIFY_TEXT_TASK } from './text-kind.task';

/** Reading a 50 MB file to tell whether it is text takes well under a second; more is a stuck thread. */
const TEXT_CHECK_TIMEOUT_MS = 30_000;
/** A ZIP's end record is within its last 22 + 65,535 (comment) bytes. */
const ZIP_TAIL_BYTES = 22 + 0xffff;
/** A DOCX's central directory is a few KB; a much larger one is not worth reading for a name. */
const ZIP_DIRECTORY_MAX_BYTES = 4 * 1024 * 1024;

const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The upload's type, decided by its bytes alone (its name and declared type are never trusted):
 * magic numbers for images, PDF and the two Word formats (a DOC is an OLE2 compound file with a
 * WordDocument stream; a DOCX a ZIP holding word/document.xml), then printable text that is not
 * markup nor a script, refined into JSON or CSV (text-kind.task.ts, on a worker thread: it reads
 * the whole file). Null: none of these.
 */
export async function detectUploadType(
  path: string,
  threads: WorkerThreadsService,
): Promise<UploadMimeType | null> {
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
  } finally {
    await handle.close();
  }
  const verdict = await threads.run(CLASSIFY_TEXT_TASK, path, { timeoutMs: TEXT_CHECK_TIMEOUT_MS });
  return 'type' in verdict ? verdict.type : null;
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
