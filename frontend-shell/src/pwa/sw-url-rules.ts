// Which requests the service worker treats how. Pure functions (no workbox, no worker globals) so
// the rules are unit-tested in Jest and shared by the routes and the install-time warm-up.
import { RUNTIME_CONFIG_PATH } from '@kasa/contracts';

/** Runtime caches. The precache (the shell's own build) is workbox's, versioned per deploy. */
export const CACHE_NAMES = {
  /** runtime-config.json, each remote's mf-manifest.json and remoteEntry.js: revalidated every time. */
  remoteManifests: 'kasa-remote-manifests-v1',
  /** Content-hashed JS / CSS (remotes' chunks): immutable, so cache first. */
  hashedAssets: 'kasa-hashed-assets-v1',
} as const;

/** How long a navigation waits for the network before the cached app shell answers. */
export const NAVIGATION_TIMEOUT_MS = 4000;
/** Same, for the runtime config and the remotes' manifests (they gate the first screen). */
export const MANIFEST_TIMEOUT_SECONDS = 4;

/** `[name].[contenthash:10].js|css` (tools/rspack/rspack.shared.mjs): the name changes when the content does. */
const HASHED_FILE = /\.[0-9a-f]{10}\.(?:js|css)$/;

export function isApiRequest(url: URL, origin: string): boolean {
  return url.origin === origin && (url.pathname === '/api' || url.pathname.startsWith('/api/'));
}

/** A file whose name changes when its content does. Any origin: a remote may be deployed elsewhere. */
export function isHashedAsset(url: URL): boolean {
  return HASHED_FILE.test(url.pathname);
}

/**
 * Files that name the current version of something (the runtime config, a remote's manifest and
 * its entry): always asked of the network first, the cached copy only when the network fails.
 */
export function isVersionPointer(url: URL, origin: string): boolean {
  if (url.origin === origin && url.pathname === RUNTIME_CONFIG_PATH) return true;
  return url.pathname.endsWith('/mf-manifest.json') || url.pathname.endsWith('/remoteEntry.js');
}
