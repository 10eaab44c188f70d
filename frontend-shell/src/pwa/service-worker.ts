// Kasa's service worker (built by InjectManifest in frontend-shell/rspack.pwa.mjs, production only;
// served at /service-worker.js with Cache-Control: no-cache, so a deploy is picked up at once).
//
// - The shell's build (JS, index.html, offline.html) is precached, versioned per deploy.
// - Page navigations: network first (4 s), then the cached shell, then the offline page.
// - /api/*: never answered here (no route matches), so never cached and never slowed down.
// - runtime-config.json, each remote's mf-manifest.json and remoteEntry.js: network first, with
//   the cached copy when offline.
// - Content-hashed JS / CSS of the remotes: cache first (a new version has a new name).
// - At install, the remotes (separate builds) are warmed into those caches.
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { answerNavigation } from './sw-navigation';
import {
  CACHE_NAMES,
  MANIFEST_TIMEOUT_SECONDS,
  NAVIGATION_TIMEOUT_MS,
  isApiRequest,
  isHashedAsset,
  isVersionPointer,
} from './sw-url-rules';
import { warmRemotes } from './sw-warm-remotes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** The install waits this long at most for the remotes' warm-up (a slow connection must not block it). */
const WARM_UP_BUDGET_MS = 30_000;

const origin = self.location.origin;

// A new deploy's worker takes over at once; the old precache is deleted. Pages are never served
// from a per-URL cache (see sw-navigation.ts), so an open tab cannot be pinned to a stale build.
self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

// Navigation preload: the page request starts while the worker boots (saves a round trip on phones).
self.addEventListener('activate', (event) => {
  if (self.registration.navigationPreload) event.waitUntil(self.registration.navigationPreload.enable());
});

// Registered before the precache route, whose directory-index rule would otherwise answer `/`
// from the precache without asking the network.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !isApiRequest(url, origin),
  ({ event, request }) =>
    answerNavigation({
      network: async (signal) => {
        const preloaded = event instanceof FetchEvent ? await event.preloadResponse : undefined;
        return (preloaded as Response | undefined) ?? fetch(request, { signal });
      },
      cachedShell: () => matchPrecache('/index.html'),
      offlinePage: () => matchPrecache('/offline.html'),
      timeoutMs: NAVIGATION_TIMEOUT_MS,
    }),
);

precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

const versionPointers = new NetworkFirst({
  cacheName: CACHE_NAMES.remoteManifests,
  networkTimeoutSeconds: MANIFEST_TIMEOUT_SECONDS,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 40, purgeOnQuotaError: true }),
  ],
});
registerRoute(({ url }) => !isApiRequest(url, origin) && isVersionPointer(url, origin), versionPointers);

const hashedAssets = new CacheFirst({
  cacheName: CACHE_NAMES.hashedAssets,
  plugins: [
    // 200 only: an opaque cross-origin answer (status 0) might be an error page.
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 250, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true }),
  ],
});
registerRoute(({ url }) => !isApiRequest(url, origin) && isHashedAsset(url), hashedAssets);

self.addEventListener('install', (event) => {
  // Data saver on (Save-Data, or the user's choice, which register-service-worker.ts puts in the
  // worker's URL): the remotes are cached when visited, not ahead of time.
  const connection = (self.navigator as WorkerNavigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData || new URL(self.location.href).searchParams.get('data-saver') === 'on') return;
  const warmUp = warmRemotes({
    origin,
    fetchPointer: (url) => versionPointers.handle({ event, request: url }),
    fetchAsset: (url) => hashedAssets.handle({ event, request: url }),
  }).then(
    ({ remotes, files, failed }) =>
      console.info(`[sw] remotes warmed: ${remotes} remotes, ${files} files, ${failed} failed`),
    (error: unknown) =>
      console.warn('[sw] remotes not warmed (offline?):', error instanceof Error ? error.message : error),
  );
  event.waitUntil(Promise.race([warmUp, new Promise((resolve) => setTimeout(resolve, WARM_UP_BUDGET_MS))]));
});
