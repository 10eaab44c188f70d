import type { Readable } from 'node:stream';
import type { ByteRange } from '../links/byte-range';

/** One stored object as read back: its bytes (those of the range asked for) as a stream. */
export interface StoredObject {
  body: Readable;
  /** Length of `body`. */
  size: number;
}

/**
 * Where file bytes live (FILES_STORAGE): the local disk under DATA_DIR, or an S3-compatible
 * bucket. Keys come from `newStorageKey()`; the database row says what a key holds.
 */
export interface FileStorage {
  /** Writes the whole object or nothing (a reader never sees half of it); answers its size. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<{ size: number }>;
  /** The object (or the range of it, within its size), or null when nothing is stored under the key. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');
