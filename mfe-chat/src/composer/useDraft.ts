import { useSyncExternalStore } from 'react';
import type { DraftState, DraftStore } from '../shared/draft';

/** The draft, live: re-renders the component that reads it on every change. */
export function useDraft(store: DraftStore): DraftState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
