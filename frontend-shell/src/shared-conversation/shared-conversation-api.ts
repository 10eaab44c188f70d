import { apiFetch } from '@kasa/api-client';
import type { SharedConversation } from '@kasa/contracts';

/**
 * A shared page's query key: under the owners' list key (['/api/shares']), so when the owner
 * revokes a link in this browser, invalidating the list drops the cached page too.
 */
export const sharedConversationQueryKey = (shareId: string) => ['/api/shares', shareId] as const;

/** GET /api/shares/{id}: public, no account needed; 404 SHARE_NOT_FOUND when unknown or revoked. */
export function fetchSharedConversation(shareId: string, signal?: AbortSignal): Promise<SharedConversation> {
  return apiFetch<SharedConversation>(`/api/shares/${encodeURIComponent(shareId)}`, { signal });
}
