import { apiFetch } from '@kasa/api-client';
import { sharedPagePath } from '@kasa/contracts';

/** GET /api/shares: the user's links, newest first (ShareSummary[]). A shared page's key sits under it. */
export const SHARES_QUERY_KEY = ['/api/shares'] as const;

/** DELETE /api/shares/{id}: the link answers 404 at once, for everyone. */
export const revokeShare = (shareId: string) =>
  apiFetch<void>(`/api/shares/${encodeURIComponent(shareId)}`, { method: 'DELETE' });

/** The address to give out: absolute, on this site. */
export const shareUrl = (shareId: string) => `${window.location.origin}${sharedPagePath(shareId)}`;
