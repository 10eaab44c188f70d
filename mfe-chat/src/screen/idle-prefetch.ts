// What the chat screen fetches ahead once it has settled (docs/architecture.md#prefetching-code):
// the code of the menus and panels one tap away, and the reply renderer, so that neither a first
// opening nor the first reply waits for a chunk on a slow network. Fetched with
// <link rel="prefetch"> (not run, not part of the first load), never with the data saver on.
import { useEffect } from 'react';
import { prefetchOnIdle } from '@kasa/ui/prefetch';
import { loadModelMenu } from '../composer/ModelPicker';
import { loadMarkdown } from '../conversation/MessageList';
import { loadEnhancementsPopover } from '../enhancements/EnhancementsMenu';
import { loadQuickActionsPanel } from '../quick-actions/QuickAiTools';
import { chunkRuntime } from '../shared/chunk-runtime';
import { loadConversationActionsMenu } from './ConversationActions';

export const CHAT_IDLE_PREFETCH = [
  loadMarkdown,
  loadEnhancementsPopover,
  loadModelMenu,
  loadConversationActionsMenu,
  loadQuickActionsPanel,
];

/** Prefetches CHAT_IDLE_PREFETCH once the screen is idle (after its first requests and renders). */
export function useIdlePrefetch(): void {
  useEffect(() => prefetchOnIdle(chunkRuntime(), CHAT_IDLE_PREFETCH), []);
}
