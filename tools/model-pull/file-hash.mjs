// SHA-256 of files that may be larger than memory.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** Feeds the file into `hash` (a new SHA-256 unless given) and returns it, not yet digested. */
export async function hashFile(path, hash = createHash('sha256')) {
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk);
  return hash;
}

export async function sha256OfFile(path) {
  return (await hashFile(path)).digest('hex');
}
