import { readFile, stat } from 'node:fs/promises';
import type { NextFunction, Request, Response } from 'express';
import type { WebDist } from './web-dist';

export const WEB_MANIFEST_PATH = '/manifest.json';

/**
 * The shell's build ships manifest.json with its own name (Kasa); the installed app must carry the
 * configured APP_NAME instead, so the name, short name and the name inside the description are
 * replaced. Everything else (icons, colours, start URL) is the build's.
 */
export function renderWebManifest(template: string, appName: string): string {
  const manifest = JSON.parse(template) as Record<string, unknown>;
  const builtName = typeof manifest.name === 'string' && manifest.name ? manifest.name : null;
  manifest.name = appName;
  manifest.short_name = appName;
  if (builtName && typeof manifest.description === 'string') {
    manifest.description = manifest.description.split(builtName).join(appName);
  }
  return JSON.stringify(manifest);
}

/**
 * GET /manifest.json: the built manifest with the configured name, as application/manifest+json,
 * revalidated on every visit (Cache-Control: no-cache; the ETag keeps that cheap). Re-read when the
 * file changes (a rebuild while the server runs). Missing (frontends not built): falls through to
 * the JSON 404.
 */
export function webManifest(dist: WebDist, appName: string) {
  let rendered: { mtimeMs: number; body: string } | undefined;
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.path !== WEB_MANIFEST_PATH)
      return next();
    try {
      const { mtimeMs } = await stat(dist.shellManifest);
      if (!rendered || rendered.mtimeMs !== mtimeMs) {
        rendered = { mtimeMs, body: renderWebManifest(await readFile(dist.shellManifest, 'utf8'), appName) };
      }
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ENOENT' ? next() : next(error);
    }
    response.setHeader('Cache-Control', 'no-cache');
    response.type('application/manifest+json').send(rendered.body);
  };
}
