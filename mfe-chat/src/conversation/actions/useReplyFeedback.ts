import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useErrorText, useT, useToast } from '@kasa/ui';
import type { ChatFeedback, ChatFeedbackRequest, ChatMessage } from '@kasa/contracts';
import { conversationQueryKey, deleteFeedback, putFeedback } from '../../shared/chat-api';
import { messages } from '../../messages';

/**
 * The user's thumbs up / down on a reply version: shown at once in the cached conversation
 * (ChatMessage.feedback), saved with PUT (or DELETE to take it back), put back as it was when
 * the server says no. Only the latest change decides what stays.
 */
export function useReplyFeedback(conversationId: string, replyId: string) {
  const t = useT(messages);
  const { toast } = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const latest = useRef(0);

  const write = (feedback: ChatFeedback | null) =>
    queryClient.setQueryData<ChatMessage[]>(conversationQueryKey(conversationId), (list) =>
      list?.map((m) => (m.id === replyId ? { ...m, feedback } : m)),
    );
  const current = () =>
    queryClient
      .getQueryData<ChatMessage[]>(conversationQueryKey(conversationId))
      ?.find((m) => m.id === replyId)?.feedback ?? null;

  const mutation = useMutation({
    mutationFn: async ({ next }: { next: ChatFeedbackRequest | null; turn: number }) =>
      next ? putFeedback(replyId, next) : deleteFeedback(replyId).then(() => null),
    onMutate: ({ next }) => {
      const previous = current();
      write(
        next
          ? { rating: next.rating, reason: next.reason ?? null, updatedAt: new Date().toISOString() }
          : null,
      );
      return { previous };
    },
    onSuccess: (saved, { turn }) => {
      if (turn === latest.current) write(saved);
    },
    onError: (error, { turn }, context) => {
      if (turn === latest.current && context) write(context.previous);
      toast({ title: t('feedbackFailed'), description: errorText(error), variant: 'destructive' });
    },
  });

  /** Saves `next` (null: takes the feedback back). */
  return (next: ChatFeedbackRequest | null) => mutation.mutate({ next, turn: ++latest.current });
}
