import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * CSP source expressions ('sha256-…') for the inline scripts of a built HTML page. The shell's
 * index.html runs a few bytes of script before any bundle arrives (the saved theme, so a phone
 * on slow data never flashes the wrong colours); hashing them keeps `script-src` free of
 * 'unsafe-inline'. A missing file (frontends not built) gives no hashes.
 */
export function inlineScriptHashes(htmlPath: string): string[] {
  if (!existsSync(htmlPath)) return [];
  const html = readFileSync(htmlPath, 'utf8');
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1];
    if (!body.trim()) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}
