import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FilesService } from '../../files';

/**
 * Runs `use` on a local copy of a stored file (the storage may be a bucket; the engines read a
 * path), removed afterwards. The bytes go from storage to disk as a stream, never whole in memory.
 */
export async function withStoredFileCopy<T>(
  files: FilesService,
  userId: string,
  fileId: string,
  use: (path: string) => Promise<T>,
): Promise<T> {
  const { object } = await files.readForJob(userId, fileId);
  const path = join(tmpdir(), `kasa-stored-${randomUUID()}`);
  try {
    await pipeline(object.body, createWriteStream(path));
    return await use(path);
  } finally {
    await rm(path, { force: true });
  }
}
