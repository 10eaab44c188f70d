import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import * as yauzl from 'yauzl';

/** Entries a Word document may have at most (a real one has tens; a bomb may have millions). */
export const ZIP_MAX_ENTRIES = 10_000;

/** A ZIP that declares, or inflates to, more than its budget: it is not read. */
export class ZipBudgetError extends Error {
  override readonly name = 'ZipBudgetError';
}

const openZip = promisify<string, yauzl.Options, yauzl.ZipFile>(yauzl.open);
const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.ceil(bytes / MB)} MB`;

/**
 * Checks, before a Word document (a ZIP) is handed to its reader, that all its parts together
 * inflate to at most `maxBytes`: first by the sizes its directory declares (a bomb usually says
 * what it is), then by inflating every part as a stream and counting the bytes that really come
 * out, stopping at the first byte past the size the part declared (a ZIP may lie about its sizes,
 * and the reader, JSZip, inflates whatever is there). As no part passes its declared size and the
 * declared sizes fit the budget, no more than `maxBytes` is ever inflated. Nothing is kept: memory
 * stays at one inflate window.
 *
 * Throws ZipBudgetError over the budget, yauzl's own error for a damaged or encrypted ZIP.
 */
export async function checkInflatedSize(path: string, maxBytes: number): Promise<void> {
  // validateEntrySizes off: the sizes are counted here, to say which budget was passed.
  const zip = await openZip(path, { lazyEntries: true, autoClose: false, validateEntrySizes: false });
  try {
    if (zip.entryCount > ZIP_MAX_ENTRIES)
      throw new ZipBudgetError(`it has ${zip.entryCount} parts (at most ${ZIP_MAX_ENTRIES} are read)`);
    const entries = await listEntries(zip);
    const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (declared > maxBytes)
      throw new ZipBudgetError(
        `it declares ${megabytes(declared)} once decompressed (at most ${megabytes(maxBytes)} are read)`,
      );
    for (const entry of entries) if (!entry.fileName.endsWith('/')) await checkInflated(zip, entry);
  } finally {
    zip.close();
  }
}

function listEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

/** Inflates the entry as a stream, stopping at the first byte past the size it declares. */
async function checkInflated(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<void> {
  const stream = await promisify<yauzl.Entry, Readable>(zip.openReadStream.bind(zip))(entry);
  let inflated = 0;
  try {
    for await (const chunk of stream) {
      inflated += (chunk as Buffer).length;
      if (inflated > entry.uncompressedSize)
        throw new ZipBudgetError(
          `its part ${entry.fileName} decompresses to more than the ${entry.uncompressedSize} bytes it declares`,
        );
    }
  } finally {
    stream.destroy();
  }
}
