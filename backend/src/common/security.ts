import type { INestApplication } from '@nestjs/common';
import { join } from 'node:path';
import helmet from 'helmet';
import type { AppConfig } from '../config';
import { inlineScriptHashes } from './inline-script-hashes';

/** Origins of remotes deployed elsewhere (REMOTE_URL_* absolute URLs) the shell may load code from. */
export function remoteOrigins(config: Pick<AppConfig, 'remoteUrls'>): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(config.remoteUrls)) {
    if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/** Security headers (helmet) with a CSP that lets the shell load its remotes and nothing else. */
export function useSecurityHeaders(app: INestApplication, config: AppConfig): void {
  const remotes = remoteOrigins(config);
  // Read once at start: a rebuilt shell needs a restart, as its hashed bundles do anyway.
  const shellInlineScripts = inlineScriptHashes(
    join(config.webDistRoot, 'frontend-shell', 'dist', 'index.html'),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...shellInlineScripts, ...remotes],
          connectSrc: ["'self'", ...remotes],
          // MUI / emotion insert <style> tags at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:', 'data:'],
          fontSrc: ["'self'", 'data:'],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // Remote chunks are fetched with CORS from their own origin when deployed apart.
      crossOriginEmbedderPolicy: false,
      // The Google Drive dialog watches its sign-in popup (popup.closed): with 'same-origin' the
      // browser severs the popup from the app as soon as it reaches Google and it looks closed.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      crossOriginResourcePolicy: { policy: remotes.length ? 'cross-origin' : 'same-origin' },
    }),
  );
}
