import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange } from '../links/byte-range';
import type { FileStorage, StoredObject } from './file-storage';
import { assertStorageKey } from './storage-key';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files on the local disk (FILES_STORAGE=local, the default): `<DATA_DIR>/files/<key>`. A write
 * goes to a temporary file renamed into place, so a crash or a reader never sees a partial file.
 */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(key: string, body: Buffer | Readable, _contentType: string): Promise<{ size: number }> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temporary));
      const { size } = await stat(temporary);
      await rename(temporary, path);
      return { size };
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const path = this.pathOf(key);
    try {
      const { size } = await stat(path);
      if (!range) return { body: createReadStream(path), size };
      return { body: createReadStream(path, range), size: range.end - range.start + 1 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return join(this.root, key);
  }
}
