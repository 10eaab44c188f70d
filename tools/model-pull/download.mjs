// A download into a `.part` file that survives cut connections and later runs: what is saved is
// kept and the rest asked for with a Range request.
import { createHash } from 'node:crypto';
import { statfsSync, statSync } from 'node:fs';
import { open, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { hashFile } from './file-hash.mjs';
import { causeOf, PullError } from './hub.mjs';
import { humanSize, megabytes } from './progress.mjs';

/** A connection that sends nothing for this long is dropped and resumed. */
const STALLED_AFTER_MS = 60_000;

/** The connection broke or the server failed: worth resuming. */
class CutConnection extends Error {}

function sizeOf(path) {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** Refuses to start a download the disk cannot hold, rather than failing near its end. */
export function checkFreeSpace(dir, bytesNeeded) {
  const { bavail, bsize } = statfsSync(dir);
  const free = Number(bavail) * Number(bsize);
  if (free < bytesNeeded)
    throw new PullError(
      `Not enough free disk space in ${dir}: the download needs ${humanSize(bytesNeeded)} more and only ${humanSize(free)} is free.`,
    );
}

/** What a stopped download leaves, in the operator's words. */
export function savedMessage(partPath, size) {
  const saved = sizeOf(partPath);
  return `${megabytes(saved)} MB of ${megabytes(size)} MB are saved in ${partPath}: run the same command again to resume.`;
}

/**
 * Brings `partPath` to `size` bytes from `url` and returns the SHA-256 of what it holds (the
 * caller compares it with the published one). An existing part is hashed, then continued.
 * @param {{
 *   url: string, partPath: string, size: number,
 *   progress: ReturnType<typeof import('./progress.mjs').createProgress>,
 *   log: (message: string) => void,
 *   retries?: number, firstPauseMs?: number,
 * }} options
 */
export async function downloadResumably({
  url,
  partPath,
  size,
  progress,
  log,
  retries = 5,
  firstPauseMs = 1000,
}) {
  let saved = sizeOf(partPath);
  let hash = createHash('sha256');
  if (saved > size) {
    log(`${partPath} is larger than the published file: starting over.`);
    await truncate(partPath, 0);
    saved = 0;
  } else if (saved > 0) {
    log(`Checking the ${megabytes(saved)} MB saved by an earlier download...`);
    hash = await hashFile(partPath);
  }
  checkFreeSpace(dirname(partPath), size - saved);

  const startOver = async (reason, status) => {
    // Asked for the whole file, the server cannot be helped by asking again.
    if (saved === 0)
      throw new PullError(`The model hub answered ${status} to a request for the whole file ${url}.`);
    log(`${reason}: starting over.`);
    await truncate(partPath, 0);
    saved = 0;
    hash = createHash('sha256');
    checkFreeSpace(dirname(partPath), size);
    progress.restart(0);
  };

  let failuresInARow = 0;
  progress.restart(saved);
  while (saved < size) {
    const savedBefore = saved;
    try {
      await fetchRest();
    } catch (error) {
      if (!(error instanceof CutConnection)) throw error;
      progress.finish();
      // Each attempt that saved something earns a fresh set of retries: a flaky line still finishes.
      failuresInARow = saved > savedBefore ? 1 : failuresInARow + 1;
      if (failuresInARow > retries)
        throw new PullError(
          `The download still fails after ${retries} retries (${error.message}). ${savedMessage(partPath, size)}`,
        );
      const pauseMs = firstPauseMs * 2 ** (failuresInARow - 1);
      log(
        `Connection lost at ${megabytes(saved)} MB (${error.message}); resuming in ${(pauseMs / 1000).toFixed(1)} s (retry ${failuresInARow} of ${retries})...`,
      );
      await sleep(pauseMs);
      progress.restart(saved);
    }
  }
  progress.finish();
  return hash.digest('hex');

  async function fetchRest() {
    const stall = new AbortController();
    let stallTimer = setTimeout(() => stall.abort(), STALLED_AFTER_MS);
    const resetStallTimer = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => stall.abort(), STALLED_AFTER_MS);
    };
    try {
      let response;
      try {
        response = await fetch(url, {
          headers: saved > 0 ? { range: `bytes=${saved}-` } : {},
          signal: stall.signal,
        });
      } catch (error) {
        throw new CutConnection(stall.signal.aborted ? 'no answer for 60 s' : causeOf(error));
      }
      if (!(await acceptResponse(response))) return;
      const file = await open(partPath, 'a');
      try {
        for await (const chunk of response.body) {
          resetStallTimer();
          try {
            await file.write(chunk);
          } catch (error) {
            throw new PullError(`Cannot write ${partPath} (${error.code ?? error.message}).`);
          }
          hash.update(chunk);
          saved += chunk.length;
          progress.update(saved);
        }
      } catch (error) {
        if (error instanceof PullError) throw error;
        throw new CutConnection(stall.signal.aborted ? 'nothing received for 60 s' : causeOf(error));
      } finally {
        await file.close();
      }
      if (saved < size) throw new CutConnection('the server ended the file early');
    } finally {
      clearTimeout(stallTimer);
    }
  }

  /** Whether the body continues the part; a start over or a retryable status returns or throws. */
  async function acceptResponse(response) {
    if (response.status === 206) {
      const firstByte = /^bytes (\d+)-/.exec(response.headers.get('content-range') ?? '')?.[1];
      if (Number(firstByte) === saved) return true;
      await response.body?.cancel();
      await startOver('The server sent another part of the file than the one asked for', 206);
      return false;
    }
    if (response.status === 200) {
      if (saved > 0) await startOver('The server does not resume downloads');
      return true;
    }
    await response.body?.cancel();
    if (response.status === 416) {
      await startOver('The server refused to resume from the saved part', 416);
      return false;
    }
    if (response.status >= 500 || response.status === 429)
      throw new CutConnection(`the server answered ${response.status}`);
    const hint =
      response.status === 401 || response.status === 403
        ? ' (the hub wants a sign-in for this file; download it in a browser and copy it into the models folder)'
        : '';
    throw new PullError(`The model hub answered ${response.status} for ${url}${hint}.`);
  }
}
