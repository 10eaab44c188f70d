import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** The hash that tells a retry (same request) from a reused key: SHA-256 of the parts as JSON. */
export function requestHash(parts: Record<string, string | number | boolean | null>): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** SHA-256 of a file's bytes, read as a stream (uploads go up to tens of megabytes). */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
