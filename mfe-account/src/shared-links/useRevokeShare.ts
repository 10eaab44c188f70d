import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@kasa/api-client';
import type { ShareSummary } from '@kasa/contracts';
import { useErrorText, useT, useToast } from '@kasa/ui';
import { sharedLinksMessages } from './messages';
import { SHARES_QUERY_KEY, revokeShare } from './shared-links-api';

/**
 * Revokes one link: it leaves the list at once, the list is asked for again, a toast says so.
 * A link already gone (404: revoked from another device) is what the user wanted: revoked too.
 */
export function useRevokeShare() {
  const t = useT(sharedLinksMessages);
  const { toast } = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (shareId: string) => {
      try {
        await revokeShare(shareId);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    onSuccess: (_nothing, shareId) => {
      queryClient.setQueryData<ShareSummary[]>(SHARES_QUERY_KEY, (links) =>
        links?.filter((link) => link.id !== shareId),
      );
      // The list, and any copy of the shared page this browser holds (its key is under the list's).
      void queryClient.invalidateQueries({ queryKey: SHARES_QUERY_KEY });
      toast({ title: t('revoked'), description: t('revokedText') });
    },
    onError: (error) =>
      toast({ title: t('revokeFailed'), description: errorText(error), variant: 'destructive' }),
  });
}
