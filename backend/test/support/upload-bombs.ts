import { readdirSync, readFileSync } from 'node:fs';
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import { pngWithData } from './png';

/**
 * Small files that declare huge sizes, for the upload extraction's limits
 * (docs/operations.md#uploaded-documents-and-ocr), and a watch on the memory of the programs
 * the extraction starts.
 */

/**
 * A PNG whose header says `width` × `height` (8-bit grey) followed by the first few rows only: a
 * few hundred bytes that ask a decoder for width × height bytes.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  return pngWithData(width, height, 'grey', deflateSync(Buffer.alloc(4 * (width + 1))));
}

/** A PDF of `count` blank pages of `size` points (no text: a scan to OCR). */
export async function blankPdf(count: number, size: [number, number] = [200, 200]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let page = 0; page < count; page++) doc.addPage(size);
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`;

/**
 * A DOCX (made by JSZip) whose word/document.xml is `megabytes` of one repeated letter inside a
 * paragraph: highly compressible, so the file is a few hundred KB.
 */
export async function docxInflatingTo(megabytes: number): Promise<Buffer> {
  const open = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>',
  );
  const close = Buffer.from('</w:t></w:r></w:p></w:body></w:document>');
  const zip = new JSZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES);
  zip.file('word/document.xml', Buffer.concat([open, Buffer.alloc(megabytes * 1024 * 1024, 'A'), close]));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
}

interface ZipPart {
  name: string;
  data: Buffer;
  /** The uncompressed size the headers declare (default: the truth). */
  declaredSize?: number;
}

/** A ZIP of deflated parts whose headers may lie about their uncompressed sizes. */
export function zipDeclaring(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const compressed = deflateRawSync(part.data, { level: 9 });
    const size = part.declaredSize ?? part.data.length;
    const crc = crc32(part.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const CONTENT_TYPES_PART = { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) };

/** The descendants of a process (Linux /proc), children first. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return found;
  }
  for (const task of tasks) {
    let children: number[] = [];
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      continue;
    }
    for (const child of children) found.push(child, ...descendants(child));
  }
  return found;
}

/** A process's peak resident memory so far (VmHWM), in bytes; 0 when it is gone. */
function peakResident(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Watches the programs this process starts from now on (and theirs): `peak()` is the largest
 * resident memory any of them reached while watched (each one's own high-water mark, read every
 * 20 ms). Programs already running are left out: long-lived helpers an earlier test file started
 * in this Jest worker (eSpeak NG's warm children, ai/speech/espeak-child-pool.ts) are not the
 * extraction's.
 */
export function watchChildMemory(): { peak(): number; stop(): number } {
  let peak = 0;
  const before = new Set(descendants(process.pid));
  const sample = () => {
    for (const pid of descendants(process.pid))
      if (!before.has(pid)) peak = Math.max(peak, peakResident(pid));
  };
  const timer = setInterval(sample, 20);
  return {
    peak: () => peak,
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}
