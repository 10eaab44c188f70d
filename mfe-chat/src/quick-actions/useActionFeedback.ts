// What every quick action does when it ends: a toast, and, when the result joined the open
// conversation, a fresh read of its messages so the new ones appear.
import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@kasa/api-client';
import { useErrorText, useToast } from '@kasa/ui';
import { CONVERSATIONS_QUERY_KEY, conversationQueryKey } from '../shared/chat-api';

export function useActionFeedback(conversationId: string | null) {
  const { toast } = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();

  const refreshConversation = useCallback(() => {
    if (!conversationId) return;
    void queryClient.invalidateQueries({ queryKey: conversationQueryKey(conversationId), exact: true });
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY, exact: true });
  }, [conversationId, queryClient]);

  const succeeded = useCallback(
    (title: string, description?: string) => toast({ title, description }),
    [toast],
  );

  const failed = useCallback(
    (title: string, error: unknown, fallback: string) => {
      // An over-quota 429 already has the app-wide usage-limit toast: one toast, not two.
      if (error instanceof ApiError && error.usageLimit) return;
      toast({ title, description: errorText(error, fallback), variant: 'destructive' });
    },
    [toast, errorText],
  );

  return useMemo(
    () => ({ succeeded, failed, refreshConversation }),
    [succeeded, failed, refreshConversation],
  );
}
