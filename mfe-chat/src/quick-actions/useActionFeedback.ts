// What every quick action does when it ends: a toast, and, when the result joined the open
// conversation, a fresh read of its messages so the new ones appear; when it started a new
// chat's conversation, the history read again and the chat told to open it.
import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@kasa/api-client';
import { useErrorText, useToast } from '@kasa/ui';
import { CONVERSATIONS_QUERY_KEY, conversationQueryKey } from '../shared/chat-api';
import type { ResultTarget } from '../shared/media-api';
import { conversationStarted } from './new-chat-conversation';

export function useActionFeedback() {
  const { toast } = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();

  const refreshConversation = useCallback(
    ({ conversationId, newConversationId }: ResultTarget) => {
      if (conversationId)
        void queryClient.invalidateQueries({ queryKey: conversationQueryKey(conversationId), exact: true });
      else if (!newConversationId) return;
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY, exact: true });
      if (newConversationId) conversationStarted(newConversationId);
    },
    [queryClient],
  );

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
