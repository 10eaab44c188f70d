import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { clearAuthToken, signOut } from '@kasa/api-client';

/**
 * Ends this browser's session once the server has already revoked it (sign out everywhere, a
 * deleted account): the stored token goes first, so signOut() only drops the cached answers and
 * marks the user signed out (the shell then shows the landing page), without a second logout call.
 */
export function useEndSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    clearAuthToken();
    await signOut(queryClient);
    navigate('/', { replace: true });
  }, [queryClient, navigate]);
}
