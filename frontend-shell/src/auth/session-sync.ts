import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_TOKEN_STORAGE_KEY, CURRENT_USER_QUERY_KEY, configureApiClient } from '@kasa/api-client';

/**
 * Keeps the cached session honest: a 401 on any call that carried a token (revoked by a logout
 * or password change elsewhere), or a sign-in / sign-out in another tab, makes the shell ask
 * GET /api/auth/user again, which then shows the right route table.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const recheck = () => void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    configureApiClient({ onUnauthorized: recheck });
    const onStorage = (event: StorageEvent) => {
      if (event.key === AUTH_TOKEN_STORAGE_KEY || event.key === null) recheck();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      configureApiClient({ onUnauthorized: () => undefined });
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient]);
}
