import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@kasa/contracts';
import { CONVERSATIONS_QUERY_KEY, conversationQueryKey } from '../shared/chat-api';
import { useLatest } from '../shared/hooks/useLatest';

/** While a loaded reply is still being written on the server, the conversation is read again this often… */
export const STREAMING_POLL_MS = 2500;
/** …until the reply has not moved for this long (a server that died mid-reply must not cost data forever). */
export const STREAMING_POLL_GIVE_UP_MS = 120_000;

const NO_CONVERSATION = ['/api/chat/conversations', '(none)'] as const;

function progressOf(messages: ChatMessage[]): string {
  return messages.map((m) => `${m.id}:${m.status}:${m.content.length}`).join('|');
}

/**
 * The messages of the conversation on screen (GET /api/chat/conversations/{id}). When a reply in it
 * is still 'streaming' (the phone lost signal, the server kept writing), it is read again every
 * 2.5 s until no reply is streaming — except while this screen streams that reply itself.
 */
export function useConversationMessages(conversationId: string | null, streamingHere: boolean) {
  const queryClient = useQueryClient();
  const streamingHereRef = useLatest(streamingHere);
  const progress = useRef({ signature: '', since: 0 });
  const query = useQuery<ChatMessage[]>({
    queryKey: conversationId ? conversationQueryKey(conversationId) : NO_CONVERSATION,
    enabled: Boolean(conversationId),
    refetchInterval: (q) => {
      const data = q.state.data;
      if (!data || streamingHereRef.current || !data.some((m) => m.status === 'streaming')) return false;
      const signature = progressOf(data);
      const now = Date.now();
      if (signature !== progress.current.signature) progress.current = { signature, since: now };
      return now - progress.current.since > STREAMING_POLL_GIVE_UP_MS ? false : STREAMING_POLL_MS;
    },
  });

  // When a reply the server was writing is finished, the list's 'generating' marks are stale.
  const anyStreaming = Boolean(query.data?.some((m) => m.status === 'streaming'));
  const wasStreaming = useRef(false);
  useEffect(() => {
    if (wasStreaming.current && !anyStreaming) {
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY, exact: true });
    }
    wasStreaming.current = anyStreaming;
  }, [anyStreaming, queryClient]);

  return query;
}
