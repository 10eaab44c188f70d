// The chat's saved query cache: the conversation list and the conversations' messages
// are kept in IndexedDB so they read offline, after a reload or a browser restart. TanStack Query's
// own dehydrate/hydrate do the work (what @tanstack/query-persist-client-core does; that package
// has no release matching the installed query-core and would bring a second copy of it). Only the
// signed-in user's chat is kept, within CACHE_CAP_BYTES: the least recently opened conversations go
// first. Signing out, or another user signing in, deletes it (and the outboxes).
import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '@kasa/api-client';
import { FARM_PROFILE_PATH, WEATHER_FORECAST_PATH } from '@kasa/contracts';
import { CONVERSATIONS_QUERY_KEY } from '../shared/chat-api';
import { CACHE_STORE, createStore, type KeyValueStore } from './idb-store';
import { clearMediaOutbox } from './media-outbox-signal';
import { chatOutbox } from './outbox';

export const CACHE_CAP_BYTES = 5 * 1024 * 1024;
/** Writes are grouped: a streamed reply updates the cache many times a second. */
export const SAVE_DELAY_MS = 1000;
const RECORD_KEY = 'chat';

export interface SavedChatCache {
  userId: string;
  /** When each conversation was last opened or changed (ms), for the eviction order. */
  access: Record<string, number>;
  state: DehydratedState;
}

/**
 * The list (['/api/chat/conversations']) and one conversation's messages ([…, id]); the welcome
 * panel's farm profile and its last forecast (shown offline with their date).
 */
export function isSavedChatQuery(key: readonly unknown[]): boolean {
  if (key.length === 1 && key[0] === FARM_PROFILE_PATH) return true;
  if (key.length === 2 && key[0] === WEATHER_FORECAST_PATH && typeof key[1] === 'string') return true;
  if (key[0] !== CONVERSATIONS_QUERY_KEY[0]) return false;
  return key.length === 1 || (key.length === 2 && typeof key[1] === 'string' && key[1] !== '(none)');
}

/**
 * Keeps the list and the most recently used conversations that fit within `cap` bytes (string
 * length as the measure: JSON of chat text is mostly one byte per character).
 */
export function fitToCap(
  state: DehydratedState,
  access: Record<string, number>,
  cap: number = CACHE_CAP_BYTES,
): DehydratedState {
  const sized = state.queries.map((q) => ({ q, size: JSON.stringify(q).length }));
  const list = sized.filter(({ q }) => q.queryKey.length === 1);
  let used = list.reduce((sum, { size }) => sum + size, 0);
  const conversations = sized
    .filter(({ q }) => q.queryKey.length === 2)
    .sort((a, b) => (access[String(b.q.queryKey[1])] ?? 0) - (access[String(a.q.queryKey[1])] ?? 0));
  const kept = list.map(({ q }) => q);
  for (const { q, size } of conversations) {
    if (used + size > cap) continue;
    used += size;
    kept.push(q);
  }
  return { mutations: [], queries: kept };
}

function currentUserId(queryClient: QueryClient): string | null | undefined {
  const user = queryClient.getQueryData<{ id?: string } | null>(CURRENT_USER_QUERY_KEY);
  return user === undefined ? undefined : (user?.id ?? null);
}

const started = new WeakMap<QueryClient, Promise<void>>();

/**
 * Restores the saved chat of the signed-in user into `queryClient` (once per client) and saves it
 * again as it changes. Resolves when the restore is done.
 */
export function startChatCachePersistence(
  queryClient: QueryClient,
  store: KeyValueStore<SavedChatCache> = createStore<SavedChatCache>(CACHE_STORE),
): Promise<void> {
  const running = started.get(queryClient);
  if (running) return running;
  let userId = currentUserId(queryClient) ?? null;
  const access: Record<string, number> = {};
  let timer: ReturnType<typeof setTimeout> | null = null;

  const save = () => {
    timer = null;
    if (!userId) return;
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (q: Query) => q.state.status === 'success' && isSavedChatQuery(q.queryKey),
    });
    const record: SavedChatCache = { userId, access: { ...access }, state: fitToCap(state, access) };
    void store.set(RECORD_KEY, record).catch(() => undefined);
  };
  const schedule = () => {
    if (!timer) timer = setTimeout(save, SAVE_DELAY_MS);
  };
  const forget = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    for (const id of Object.keys(access)) delete access[id];
    void store.delete(RECORD_KEY).catch(() => undefined);
  };

  queryClient.getQueryCache().subscribe((event) => {
    const key = event.query.queryKey;
    if (key[0] === CURRENT_USER_QUERY_KEY[0]) {
      const next = currentUserId(queryClient);
      if (next === undefined || next === userId) return;
      // Signed out, or someone else signed in: one user's chats are never shown to another.
      if (userId || next === null) forget();
      if (next === null) {
        void chatOutbox().clear();
        void clearMediaOutbox();
      }
      userId = next;
      return;
    }
    if (!isSavedChatQuery(key)) return;
    if (key.length === 2 && (event.type === 'observerAdded' || event.type === 'updated'))
      access[String(key[1])] = Date.now();
    if (event.type === 'updated' || event.type === 'removed' || event.type === 'added') schedule();
  });

  const restore = store
    .get(RECORD_KEY)
    .then((record) => {
      if (!record) return;
      if (!userId || record.userId !== userId) {
        void store.delete(RECORD_KEY).catch(() => undefined);
        return;
      }
      Object.assign(access, record.access, { ...access });
      // hydrate keeps whatever is newer: an answer that already came from the network wins.
      hydrate(queryClient, record.state);
      // What was restored is shown at once but read again from the server (now, or when the
      // network returns): the cache's data never goes stale by itself (staleTime: Infinity).
      const restored = new Set(
        record.state.queries.map((q) => `${JSON.stringify(q.queryKey)}@${q.state.dataUpdatedAt}`),
      );
      void queryClient.invalidateQueries({
        predicate: (q) => restored.has(`${JSON.stringify(q.queryKey)}@${q.state.dataUpdatedAt}`),
      });
    })
    .catch(() => undefined);
  started.set(queryClient, restore);
  return restore;
}
