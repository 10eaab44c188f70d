import type { NextFunction, Request, Response } from 'express';
import { withPageMeta } from './page-meta-tags';
import type { ShellIndexRenderer } from './shell-index';
import type { ShellPageMeta, ShellPageMetaRegistry } from './shell-page-meta';
import { WebDist } from './web-dist';

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kasa</title></head>
<body><h1>Kasa's web app is not built yet</h1><p>Run <code>npm start</code> (or <code>npm run build</code>) and reload this page.</p></body></html>`;

/**
 * When a page's meta cannot be read (the database is down), the page is still served, unindexed
 * and without a preview: the shell then asks the API itself and shows its own error.
 */
const META_UNAVAILABLE: ShellPageMeta = { noindex: true };

/** Paths that are resources, never client-side routes: they 404 as JSON when missing. */
function isResourcePath(path: string): boolean {
  return (
    path === '/api' || path.startsWith('/api/') || path.startsWith('/remotes/') || /\.[a-z0-9]+$/i.test(path)
  );
}

/**
 * Any other GET / HEAD is a client-side route (/chat, /legal/terms, /whatever), answered with the
 * shell's index.html; the shell's router decides (unknown routes go to /). A page a feature
 * registered meta for (ShellPageMetaRegistry) gets its tags, status and X-Robots-Tag.
 */
export function spaFallback(
  dist: WebDist,
  shellIndex: ShellIndexRenderer,
  pageMeta: ShellPageMetaRegistry,
  siteName: string,
) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isResourcePath(request.path))
      return next();
    response.setHeader('Cache-Control', 'no-cache');
    if (!dist.isShellBuilt()) {
      response.status(503).type('html').send(NOT_BUILT_PAGE);
      return;
    }
    const meta = pageMeta.metaFor(request.path).catch(() => META_UNAVAILABLE);
    Promise.all([shellIndex.render(), meta]).then(
      ([html, found]) => {
        if (!found) return void response.type('html').send(html);
        if (found.noindex) response.setHeader('X-Robots-Tag', 'noindex');
        response
          .status(found.status ?? 200)
          .type('html')
          .send(withPageMeta(html, found, siteName));
      },
      (error: unknown) => next(error),
    );
  };
}
