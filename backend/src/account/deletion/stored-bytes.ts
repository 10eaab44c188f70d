import type { Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FileStorage } from '../../files';

/** Tries per key, and the pause before each retry (a storage hiccup passes; a dead store does not). */
export const STORAGE_DELETE_TRIES = 3;
const RETRY_DELAY_MS = 200;

/**
 * Deletes each stored object, retrying a few times. Never throws: the rows are gone already, so
 * a key that still fails is logged (for an operator to remove) and counted.
 */
export async function deleteStoredObjects(
  storage: FileStorage,
  keys: readonly string[],
  logger: Pick<Logger, 'error'>,
  retryDelayMs = RETRY_DELAY_MS,
): Promise<number> {
  let failures = 0;
  for (const key of keys) {
    for (let attempt = 1; ; attempt++) {
      try {
        await storage.delete(key);
        break;
      } catch (error) {
        if (attempt >= STORAGE_DELETE_TRIES) {
          failures++;
          logger.error(
            `Deleting stored object ${key} failed ${attempt} times; remove it by hand: ${error instanceof Error ? error.message : String(error)}`,
          );
          break;
        }
        await sleep(retryDelayMs * attempt);
      }
    }
  }
  return failures;
}
