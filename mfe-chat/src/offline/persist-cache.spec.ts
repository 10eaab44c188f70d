import { QueryClient, type DehydratedState } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '@kasa/api-client';
import { MemoryStore } from './idb-store';
import {
  fitToCap,
  isSavedChatQuery,
  SAVE_DELAY_MS,
  startChatCachePersistence,
  type SavedChatCache,
} from './persist-cache';

const LIST = ['/api/chat/conversations'];
const conv = (id: string) => ['/api/chat/conversations', id];
const user = (id: string) => ({ id, username: id, email: null, createdAt: '2026-01-01T00:00:00.000Z' });

function client(userId: string | null) {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  qc.setQueryData(CURRENT_USER_QUERY_KEY, userId ? user(userId) : null);
  return qc;
}

afterEach(() => jest.useRealTimers());

test('the list, the conversations, the farm profile and its forecast are kept; nothing else', () => {
  expect(isSavedChatQuery(LIST)).toBe(true);
  expect(isSavedChatQuery(conv('c1'))).toBe(true);
  expect(isSavedChatQuery(['/api/chat/conversations', '(none)'])).toBe(false);
  expect(isSavedChatQuery(['/api/chat/search', 'maize'])).toBe(false);
  expect(isSavedChatQuery(CURRENT_USER_QUERY_KEY)).toBe(false);
  // The welcome panel's farm profile and last forecast read offline too, with their date.
  expect(isSavedChatQuery(['/api/farm/profile'])).toBe(true);
  expect(isSavedChatQuery(['/api/weather/forecast', 'place=Bamenda&country=CM'])).toBe(true);
  expect(isSavedChatQuery(['/api/weather/forecast'])).toBe(false);
});

test('over the cap, the least recently used conversations go first; the list stays', () => {
  const query = (key: string[], text: string) =>
    ({
      queryKey: key,
      queryHash: JSON.stringify(key),
      state: { data: text } as never,
    }) as unknown as DehydratedState['queries'][number];
  const state: DehydratedState = {
    mutations: [],
    queries: [query(LIST, 'l'), query(conv('old'), 'x'.repeat(400)), query(conv('new'), 'y'.repeat(400))],
  };
  const size = (i: number) => JSON.stringify(state.queries[i]).length;
  const kept = fitToCap(state, { old: 1, new: 2 }, size(0) + size(2) + 10);
  expect(kept.queries.map((q) => q.queryKey)).toEqual([LIST, conv('new')]);
});

test('saved for the user, restored after a reload, deleted for another user and at sign-out', async () => {
  jest.useFakeTimers();
  const store = new MemoryStore<SavedChatCache>();
  const first = client('u1');
  await startChatCachePersistence(first, store);
  first.setQueryData(LIST, [{ id: 'c1', title: 'Maize' }]);
  first.setQueryData(conv('c1'), [{ id: 'm1', role: 'user', content: 'When?' }]);
  first.setQueryData(['/api/chat/search', 'x'], []);
  jest.advanceTimersByTime(SAVE_DELAY_MS);
  await Promise.resolve();
  const saved = store.map.get('chat');
  expect(saved?.userId).toBe('u1');
  expect(saved?.state.queries.map((q) => q.queryKey)).toEqual([LIST, conv('c1')]);

  const reloaded = client('u1');
  await startChatCachePersistence(reloaded, store);
  expect(reloaded.getQueryData(conv('c1'))).toEqual([{ id: 'm1', role: 'user', content: 'When?' }]);
  // Shown at once, read again from the server when it can be.
  expect(reloaded.getQueryState(conv('c1'))?.isInvalidated).toBe(true);

  const someoneElse = client('u2');
  await startChatCachePersistence(someoneElse, store);
  expect(someoneElse.getQueryData(conv('c1'))).toBeUndefined();
  expect(store.map.size).toBe(0);

  store.map.set('chat', saved as SavedChatCache);
  reloaded.setQueryData(CURRENT_USER_QUERY_KEY, null); // signed out
  await Promise.resolve();
  expect(store.map.size).toBe(0);
});
