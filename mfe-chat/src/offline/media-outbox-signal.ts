// The little of the media outbox that the chat's first load carries: whether anything
// waits in it, a signal when something is queued, and the sign-out clear. The media outbox itself
// and its runner load only when one of these says they are needed.
import { createStore, MEDIA_OUTBOX_STORE, type KeyValueStore } from './idb-store';

let store: KeyValueStore<unknown> | null = null;

/** The one store of the page (its in-memory fallback, without IndexedDB, is shared too). */
export function mediaOutboxStore<T>(): KeyValueStore<T> {
  store ??= createStore<unknown>(MEDIA_OUTBOX_STORE);
  return store as KeyValueStore<T>;
}

const queuedListeners = new Set<() => void>();

export function onMediaQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

export function announceMediaQueued(): void {
  for (const listener of queuedListeners) listener();
}

/** Something waits from an earlier visit (any user's: the runner deletes what is not theirs). */
export async function hasWaitingMedia(): Promise<boolean> {
  const entries = await mediaOutboxStore()
    .entries()
    .catch(() => []);
  return entries.length > 0;
}

let loadedClear: (() => Promise<void>) | null = null;

/** The loaded media outbox empties itself (its memory too) when the session ends. */
export function registerMediaOutboxClear(clear: () => Promise<void>): void {
  loadedClear = clear;
}

/** Sign-out: nothing of the old session stays, whether or not the media outbox was loaded. */
export async function clearMediaOutbox(): Promise<void> {
  if (loadedClear) return loadedClear();
  await mediaOutboxStore()
    .clear()
    .catch(() => undefined);
}
