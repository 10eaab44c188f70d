import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AuthUser, CurrentUserResponse } from '@kasa/contracts';
import { AUTH_TOKEN_STORAGE_KEY, ApiError, apiFetch, currentToken } from './api';

/** TanStack Query key of GET /api/auth/user. */
export const CURRENT_USER_QUERY_KEY = ['/api/auth/user'] as const;

export function storeAuthToken(token: string): void {
  try {
    globalThis.localStorage?.setItem(AUTH_TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage unavailable (private mode): the session then lasts until the page closes at most.
  }
}

/**
 * localStorage key of the last user GET /api/auth/user named (docs/product.md#offline): offline, a
 * reload still knows who is signed in, so the saved chat opens. Dropped with the token.
 */
export const LAST_USER_STORAGE_KEY = 'kasa_last_user';

function rememberUser(user: AuthUser | null): void {
  try {
    if (user) globalThis.localStorage?.setItem(LAST_USER_STORAGE_KEY, JSON.stringify(user));
    else globalThis.localStorage?.removeItem(LAST_USER_STORAGE_KEY);
  } catch {
    // Storage unavailable: offline reloads then show the unreachable panel, as before.
  }
}

function rememberedUser(): AuthUser | null {
  try {
    const raw = globalThis.localStorage?.getItem(LAST_USER_STORAGE_KEY);
    const user = raw ? (JSON.parse(raw) as AuthUser) : null;
    return user && typeof user.id === 'string' ? user : null;
  } catch {
    return null;
  }
}

export function clearAuthToken(): void {
  try {
    globalThis.localStorage?.removeItem(LAST_USER_STORAGE_KEY);
    globalThis.localStorage?.removeItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/**
 * The signed-in user, or null when signed out. A 401 means "not signed in" (docs/product.md#sessions) and drops a
 * stored token the server no longer accepts. Without a token there is nothing to ask: on a slow
 * connection the landing page shows at once instead of after a round trip.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<AuthUser | null> {
  if (!currentToken()) return null;
  try {
    const { user } = await apiFetch<CurrentUserResponse>(CURRENT_USER_QUERY_KEY[0], { signal });
    rememberUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearAuthToken();
      return null;
    }
    // No network (not an answer from the server): the user this token last belonged to, so the
    // chat saved on this device opens offline. Any answer later corrects it.
    const offline = !(error instanceof ApiError) && !signal?.aborted ? rememberedUser() : null;
    if (offline) return offline;
    throw error;
  }
}

/** Refetched on window focus and on mount, stale after 1 s, no retry (docs/product.md#api-conventions). */
export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    // No token: signed out, known at once (the landing page renders on the first frame, no splash).
    initialData: currentToken() ? undefined : null,
    staleTime: 1000,
    retry: false,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    // Asked even offline (instead of pausing on the splash): fetchCurrentUser then answers the
    // remembered user.
    networkMode: 'always',
  });
}

/**
 * Signs out: the server revokes every token of the account (docs/product.md#sessions), the stored token
 * goes, and every cached answer of the old session is dropped. Signing out works offline too: the
 * token is forgotten locally even when the server cannot be told.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  if (currentToken()) {
    await apiFetch('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
  }
  clearAuthToken();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0] });
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
}
