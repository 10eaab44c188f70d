import type { StoredFileEntity } from './entities/stored-file.entity';
import { thumbnailStorageKey } from './storage/storage-key';
import { canHaveThumbnail } from './thumbnails/webp-thumbnail';

/**
 * Every object a file has in FILE_STORAGE: its bytes and what was derived from them (an image's
 * thumbnail, or the mark that it has none). Whoever deletes a file deletes all of these.
 */
export function storedObjectKeys(file: Pick<StoredFileEntity, 'storageKey' | 'contentType'>): string[] {
  return canHaveThumbnail(file.contentType)
    ? [file.storageKey, thumbnailStorageKey(file.storageKey)]
    : [file.storageKey];
}
