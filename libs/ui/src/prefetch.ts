// Ahead-of-time download of the code a tap will need (docs/architecture.md#prefetching-code):
// a menu, panel or dialog that loads lazily should not wait for its chunk on the tap. Once the
// first screen has settled (requestIdleCallback), or as soon as a finger or pointer is on the
// control, its chunks are requested with <link rel="prefetch"> (sent with `Sec-Purpose: prefetch`,
// at the browser's lowest priority, kept in the HTTP cache); the import() on the tap then reads
// them from the cache. Never on a connection whose user pays per MB: not with the data saver on
// (Preferences, or Save-Data / a slow link while on 'auto', ./data-saver.ts).
//
// Bundled into each app (`@kasa/ui/prefetch`, like the clipboard helper): the chunk loader is the
// app's own bundler runtime, which the app passes in (`__webpack_require__`, rspack's name too).
// The data saver is read through the shared '@kasa/ui' (like ./markdown does): no second copy.
import { isDataSaverOn } from '@kasa/ui';
import { whenIdle } from './idle';

/** rspack's script loader (`__webpack_require__.l`): the one function every lazy chunk goes through. */
type LoadScript = (
  url: string,
  done: (event?: { type: string; target?: { src?: string } }) => void,
  key?: string,
  chunkId?: string | number,
) => void;

/** The part of the app's bundler runtime used here (rspack and webpack name it `__webpack_require__`). */
export interface ChunkRuntime {
  l?: LoadScript;
}

/** A lazy import: `() => import('./Thing')`. */
export type ChunkLoader = () => Promise<unknown>;

const requested = new Set<string>();
/** Links waiting to be added, a few per task (appendLinks). */
const waiting: string[] = [];
/**
 * Links added per task: each one costs a slow phone about ten milliseconds (the browser starts its
 * request, through the service worker, as the element is inserted; three were 31 ms at 4x CPU),
 * and one area can need a dozen chunks.
 */
const LINKS_PER_TASK = 1;

function addPrefetchLink(url: string): void {
  if (requested.has(url) || typeof document === 'undefined') return;
  requested.add(url);
  waiting.push(url);
  if (waiting.length === 1) setTimeout(appendLinks, 0);
}

function appendLinks(): void {
  for (const url of waiting.splice(0, LINKS_PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.href = url;
    document.head.appendChild(link);
  }
  if (waiting.length) setTimeout(appendLinks, 0);
}

/** Whether prefetching is welcome: not with the data saver on (it follows Save-Data and slow links). */
export function prefetchAllowed(): boolean {
  return !isDataSaverOn();
}

export interface PrefetchOptions {
  /**
   * Fetch even with the data saver on: for code the app needs offline (the service worker keeps
   * what the page fetched), not merely to open faster.
   */
  evenWithDataSaver?: boolean;
}

/**
 * Prefetches the chunks of `loaders` without running them: while each loader is called the
 * runtime's script loader is swapped for one that queues a <link rel="prefetch"> and reports the
 * chunk as not loaded, so the runtime forgets it (the loader's promise rejects, ignored here) and
 * the real import() later fetches it again, from the cache. The links go into the page a few per
 * task (LINKS_PER_TASK). Without the runtime (tests, another bundler) nothing happens.
 */
export function prefetchChunks(
  runtime: ChunkRuntime | undefined,
  loaders: readonly ChunkLoader[],
  { evenWithDataSaver = false }: PrefetchOptions = {},
): void {
  const original = runtime?.l;
  if (!runtime || typeof original !== 'function' || (!evenWithDataSaver && !prefetchAllowed())) return;
  runtime.l = (url, done) => {
    addPrefetchLink(url);
    done({ type: 'prefetch', target: { src: url } });
  };
  try {
    for (const load of loaders) {
      try {
        void load().catch(() => undefined);
      } catch {
        // A loader that throws at once prefetches nothing; the others still do.
      }
    }
  } finally {
    runtime.l = original;
  }
}

/** Below this much of an idle period left, the next loader waits for another one. */
const MIN_IDLE_MS = 8;

/**
 * prefetchChunks once the page is idle (whenIdle), one loader at a time: each loader's chunk
 * requests and links cost a phone tens of milliseconds, so the next one runs in the same idle period
 * only while it has time left (`deadline.timeRemaining()`), else in the next one; no task grows long.
 * Returns a cancel function (for an effect's cleanup).
 */
export function prefetchOnIdle(
  runtime: ChunkRuntime | undefined,
  loaders: readonly ChunkLoader[],
): () => void {
  let next = 0;
  let cancel: () => void;
  const step = (deadline?: IdleDeadline) => {
    do {
      prefetchChunks(runtime, [loaders[next]]);
      next += 1;
    } while (next < loaders.length && deadline && deadline.timeRemaining() >= MIN_IDLE_MS);
    if (next < loaders.length) cancel = whenIdle(step, 0);
  };
  cancel = loaders.length ? whenIdle(step) : () => undefined;
  return () => cancel();
}

export { whenIdle } from './idle';
export { useIdleMount } from './idle-mount';
export { lazyWithPreload, type PreloadableComponent } from './lazy-with-preload';
