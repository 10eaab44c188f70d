// Shared links (libs/contracts/src/sharing.ts): a read-only snapshot of a conversation at /s/{id}.
import { apiFetch } from '@kasa/api-client';
import type { CreateShareRequest, ShareSummary } from '@kasa/contracts';

/** POST creates a link; GET lists the user's links (the account page's Shared links). */
export const SHARES_QUERY_KEY = ['/api/shares'] as const;

/** Where the owner lists and revokes their links (mfe-account). */
export const MANAGE_SHARES_PATH = '/account?tab=shared-links';

export function createShare(body: CreateShareRequest): Promise<ShareSummary> {
  return apiFetch<ShareSummary>(SHARES_QUERY_KEY[0], { method: 'POST', body });
}

/** The link to give out: the shared page's path on this site (the shell renders it, no sign-in). */
export function shareUrl(share: Pick<ShareSummary, 'path'>, origin: string = window.location.origin): string {
  return new URL(share.path, origin).toString();
}
