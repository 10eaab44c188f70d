import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useErrorText, useT, useToast } from '@kasa/ui';
import type { ChatMessage } from '@kasa/contracts';
import { conversationQueryKey, showVersion } from '../../shared/chat-api';
import { messages } from '../../messages';

/**
 * Shows another version of a message (PUT …/current). The answer is the path now shown: it
 * replaces the cached conversation as it is, so the screen changes once, without a refetch.
 */
export function useShowVersion(conversationId: string | null) {
  const t = useT(messages);
  const { toast } = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => showVersion(conversationId as string, messageId),
    onSuccess: (shown: ChatMessage[]) => {
      if (conversationId) queryClient.setQueryData(conversationQueryKey(conversationId), shown);
    },
    onError: (error) =>
      toast({ title: t('versionFailed'), description: errorText(error), variant: 'destructive' }),
  });
}
