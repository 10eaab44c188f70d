import type { INestApplication } from '@nestjs/common';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import { isApiRequest } from '../common/api-path';
import type { AppConfig } from '../config';
import { runtimeConfigOf } from './runtime-config';
import { ShellIndexRenderer } from './shell-index';
import { ShellPageMetaRegistry } from './shell-page-meta';
import { spaFallback } from './spa-fallback';
import { WebDist } from './web-dist';
import { webManifest } from './web-manifest';

/** Routes that answer text/event-stream. */
function isEventStreamRoute(request: Request): boolean {
  return (
    request.method === 'POST' &&
    (request.path === '/api/chat' || request.path === '/api/enhancements/language-tool/populate')
  );
}

/** Build outputs carry a content hash (name.0123abcdef.js): they never change, cache them for a year. */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|webp|jpg|ico|wasm)$/;

function setCacheHeaders(response: Response, filePath: string): void {
  if (HASHED_ASSET.test(filePath)) {
    response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    // index.html, remoteEntry.js, mf-manifest.json, the service worker (a long-cached worker
    // would pin visitors to an old deploy), offline.html, icons: always revalidate, so a deploy
    // is seen on the next visit (ETag keeps it cheap).
    response.setHeader('Cache-Control', 'no-cache');
  }
}

/**
 * Embedded mode serves every frontend from the API's port: the shell at /, each remote at
 * /remotes/<name>/, and client-side routes get the shell's index.html. Responses are compressed (mobile data is slow and costly).
 * API requests skip the frontends altogether: each static layer would otherwise look for the
 * path on disk first (a stat per layer per API call).
 */
export function useStaticFrontends(app: INestApplication, config: AppConfig): void {
  const dist = new WebDist(config.webDistRoot);
  // Event streams (POST /api/chat) skip compression altogether: even when it leaves a response
  // uncompressed, its wrapper costs time on every chunk of every stream.
  const compress = compression();
  app.use((request: Request, response: Response, next: NextFunction) =>
    isEventStreamRoute(request) ? next() : compress(request, response, next),
  );
  const frontends = express.Router();
  const options = { index: false, setHeaders: setCacheHeaders, fallthrough: true, redirect: false };
  for (const name of WebDist.remotes) {
    frontends.use(`/remotes/${name}`, express.static(dist.remoteDir(name), options));
  }
  // Before the shell's static files: its manifest.json is a template (the configured APP_NAME goes in).
  frontends.use(webManifest(dist, config.appName));
  frontends.use(express.static(dist.shellDir, options));
  const shellIndex = new ShellIndexRenderer(dist.shellIndex, runtimeConfigOf(config));
  // Filled at start by the features that own pages (chat/sharing: /s/{id}); read per request.
  const pageMeta = app.get(ShellPageMetaRegistry);
  frontends.use(spaFallback(dist, shellIndex, pageMeta, config.appName));
  app.use((request: Request, response: Response, next: NextFunction) =>
    isApiRequest(request) ? next() : frontends(request, response, next),
  );
}
