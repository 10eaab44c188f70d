import type { Readable } from 'node:stream';
import archiver, { type Archiver } from 'archiver';
import type { FileStorage } from '../../../files';

/** Deflate level of the text entries (zlib 6: most of the gain, a fraction of level 9's CPU). */
const ZLIB_LEVEL = 6;

/**
 * A ZIP streamed straight into the storage under one key, one entry at a time: each entry is
 * written (its source read to the end) before the next is opened, so a ZIP of thousands of files
 * holds one file handle and little memory. Storage.put writes the whole object or nothing, so an
 * abandoned ZIP is never visible.
 */
export class ZipWriter {
  private readonly archive: Archiver;
  private readonly stored: Promise<{ size: number }>;
  /** Rejects as soon as the archive or the storage fails (never resolves otherwise). */
  private readonly failed: Promise<never>;

  constructor(
    private readonly storage: FileStorage,
    private readonly key: string,
  ) {
    this.archive = archiver('zip', { zlib: { level: ZLIB_LEVEL } });
    this.stored = storage.put(key, this.archive, 'application/zip');
    const archiveFailed = new Promise<never>((_resolve, reject) => {
      this.archive.on('error', reject);
      // 'warning' is a file system oddity of glob and directory entries, which this never uses.
      this.archive.on('warning', reject);
    });
    this.failed = Promise.race([archiveFailed, this.stored.then(() => new Promise<never>(() => undefined))]);
    // Nobody may be awaiting yet: keep an early failure from being an unhandled rejection.
    this.failed.catch(() => undefined);
    this.stored.catch(() => undefined);
  }

  /**
   * Adds one entry and resolves once it is written; `store` keeps compressed media as it is. A
   * source stream that fails rejects here (archiver itself never hears of it and would wait for
   * ever): the ZIP is then unusable, abort() it.
   */
  async add(
    name: string,
    source: Buffer | string | Readable,
    options: { store?: boolean; date?: Date } = {},
  ): Promise<void> {
    const outcomes: Array<Promise<void>> = [
      new Promise<void>((resolve) => this.archive.once('entry', () => resolve())),
      this.failed,
    ];
    if (typeof source !== 'string' && !Buffer.isBuffer(source))
      outcomes.push(new Promise<void>((_resolve, reject) => source.once('error', reject)));
    this.archive.append(source, { name, store: options.store ?? false, date: options.date });
    await Promise.race(outcomes);
  }

  /** Ends the ZIP and answers its size once the storage holds all of it. */
  async finish(): Promise<{ size: number }> {
    await Promise.race([this.archive.finalize(), this.failed]);
    return Promise.race([this.stored, this.failed]);
  }

  /**
   * Gives the ZIP up. The archive is destroyed with an error, not aborted: archiver's abort()
   * ends the stream normally, and the storage would keep a cut-off ZIP.
   */
  async abort(): Promise<void> {
    this.archive.destroy(new Error('The export ZIP was abandoned.'));
    const kept = await this.stored.then(
      () => true,
      () => false,
    );
    if (kept) await this.storage.delete(this.key);
  }
}
