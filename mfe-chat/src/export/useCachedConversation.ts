// The open conversation as this device has it (the query cache, restored offline from IndexedDB
// by offline/persist-cache.ts): what Print uses, with no request of its own.
import { useQuery } from '@tanstack/react-query';
import {
  CONVERSATIONS_QUERY_KEY,
  conversationQueryKey,
  type ChatMessage,
  type ConversationSummary,
} from '../shared/chat-api';

export function useCachedConversation(conversationId: string | null): {
  summary: ConversationSummary | undefined;
  messages: readonly ChatMessage[];
} {
  const summaries = useQuery<ConversationSummary[]>({
    queryKey: CONVERSATIONS_QUERY_KEY,
    enabled: false,
  }).data;
  const messages = useQuery<ChatMessage[]>({
    queryKey: conversationQueryKey(conversationId ?? ''),
    enabled: false,
  }).data;
  return {
    summary: conversationId ? summaries?.find((c) => c.id === conversationId) : undefined,
    messages: conversationId ? (messages ?? []) : [],
  };
}
