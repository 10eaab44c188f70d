import type { NextFunction, Request, Response } from 'express';
import type { ShellIndexRenderer } from './shell-index';
import { WebDist } from './web-dist';

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kasa</title></head>
<body><h1>Kasa's web app is not built yet</h1><p>Run <code>npm start</code> (or <code>npm run build</code>) and reload this page.</p></body></html>`;

/** Paths that are resources, never client-side routes: they 404 as JSON when missing. */
function isResourcePath(path: string): boolean {
  return (
    path === '/api' || path.startsWith('/api/') || path.startsWith('/remotes/') || /\.[a-z0-9]+$/i.test(path)
  );
}

/**
 * Any other GET / HEAD is a client-side route (/chat, /legal/terms, /whatever), answered with the
 * shell's index.html; the shell's router decides (unknown routes go to /).
 */
export function spaFallback(dist: WebDist, shellIndex: ShellIndexRenderer) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isResourcePath(request.path))
      return next();
    response.setHeader('Cache-Control', 'no-cache');
    if (!dist.isShellBuilt()) {
      response.status(503).type('html').send(NOT_BUILT_PAGE);
      return;
    }
    shellIndex.render().then(
      (html) => response.type('html').send(html),
      (error: unknown) => next(error),
    );
  };
}
