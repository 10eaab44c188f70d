import { randomUUID } from 'node:crypto';

/** `ab/ab12…-uuid`: random (nothing guessable from a name), fanned out over 256 folders. */
const STORAGE_KEY_PATTERN =
  /^[0-9a-f]{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.thumb)?$/;

export function newStorageKey(): string {
  return storageKeyOfId(randomUUID());
}

/** The storage key of a file whose id the caller chose (a job's output): the same every time. */
export function storageKeyOfId(id: string): string {
  const key = `${id.slice(0, 2)}/${id}`;
  assertStorageKey(key);
  return key;
}

/** Where a file's data-saver thumbnail is kept: beside the original, deleted with it. */
export function thumbnailStorageKey(key: string): string {
  return `${key}.thumb`;
}

/**
 * Refuses any key `newStorageKey` would not make, so a key can never climb out of the storage
 * folder ('../') or name another bucket's object.
 */
export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}
