import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A place where a process of ours writes temporary files or folders that it removes itself when
 * it ends normally, and leaves behind when it is killed.
 */
export interface TempLocation {
  /** Who writes them, for the log ('uploads', 'files'). */
  owner: string;
  /** The folder they are in (or, with `depth`, the folder above). */
  dir: string;
  /** Only entries whose name matches are ever removed: our own patterns, never a real file. */
  name: RegExp;
  /** A file, or a folder removed with everything in it. */
  kind: 'file' | 'folder';
  /** Folder levels between `dir` and the entries (the storage's fan-out folders: 1). Default 0. */
  depth?: number;
}

const ignoringMissing = (error: unknown) => {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
};

/** The newest modification time in a folder (its own, and its entries', one level down). */
async function newestIn(folder: string, ownMtimeMs: number): Promise<number> {
  let newest = ownMtimeMs;
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    const stats = await lstat(join(folder, name)).catch(() => undefined);
    if (stats) newest = Math.max(newest, stats.mtimeMs);
  }
  return newest;
}

async function sweepFolder(
  location: TempLocation,
  folder: string,
  depth: number,
  olderThan: number,
  removed: string[],
): Promise<void> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    ignoringMissing(error);
    return;
  }
  for (const name of names) {
    const path = join(folder, name);
    if (depth > 0) {
      const stats = await lstat(path).catch(() => undefined);
      if (stats?.isDirectory()) await sweepFolder(location, path, depth - 1, olderThan, removed);
      continue;
    }
    if (!location.name.test(name)) continue;
    const stats = await lstat(path).catch(() => undefined);
    // lstat: a symbolic link is never followed, whatever it is called.
    if (!stats || (location.kind === 'file' ? !stats.isFile() : !stats.isDirectory())) continue;
    const modified = location.kind === 'folder' ? await newestIn(path, stats.mtimeMs) : stats.mtimeMs;
    if (modified >= olderThan) continue;
    await rm(path, { recursive: location.kind === 'folder', force: true });
    removed.push(path);
  }
}

/**
 * Removes the entries of `locations` last modified more than `maxAgeMs` ago (a folder: by its
 * newest entry) and answers their paths. Age, not ownership, decides: the age is longer than any
 * job runs (config TEMP_FILES_MAX_AGE_MINUTES), so another live process's files are never taken.
 */
export async function sweepTempFiles(
  locations: readonly TempLocation[],
  maxAgeMs: number,
  now = Date.now(),
): Promise<string[]> {
  const removed: string[] = [];
  for (const location of locations)
    await sweepFolder(location, location.dir, location.depth ?? 0, now - maxAgeMs, removed);
  return removed;
}
