// Which chat model the next send uses, per conversation: the one picked on this screen, else the
// conversation's own (ConversationSummary.model), else the server's default.
import { useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatModelOption } from '@kasa/contracts';
import { CONVERSATIONS_QUERY_KEY, type ConversationSummary } from '../shared/chat-api';
import { useChatModels } from './useChatModels';

/** The key of a pick made in a new chat, before the server names its conversation. */
const NEW_CHAT = '';

export interface ModelChoice {
  /** Every model offered; empty when there is only one (the picker then shows nothing). */
  options: readonly ChatModelOption[];
  /** The model shown as chosen; null while the list is unknown. */
  current: ChatModelOption | null;
  choose: (modelId: string) => void;
  /**
   * The model the next send carries (SendChatRequest.model): the one picked here, or the default
   * when the conversation's own is no longer offered to this user; undefined lets the server keep
   * the conversation's model.
   */
  forSend: string | undefined;
  /** A message was sent from this screen: the cached summary now has the model it went with. */
  noteSent: () => void;
  /** The server named the new chat's conversation: its pick (if any) moves to it. */
  adopt: (conversationId: string) => void;
}

function setSummaryModel(
  queryClient: ReturnType<typeof useQueryClient>,
  conversationId: string,
  model: string,
): void {
  queryClient.setQueryData<ConversationSummary[]>(CONVERSATIONS_QUERY_KEY, (list) =>
    list?.map((c) => (c.id === conversationId && c.model !== model ? { ...c, model } : c)),
  );
}

export function useModelChoice(conversationId: string | null): ModelChoice {
  const queryClient = useQueryClient();
  const models = useChatModels().data;
  // Read only: the sidebar fetches the list; this never starts a request of its own.
  const summaries = useQuery<ConversationSummary[]>({
    queryKey: CONVERSATIONS_QUERY_KEY,
    enabled: false,
  }).data;
  const [picks, setPicks] = useState<ReadonlyMap<string, string>>(new Map());
  const key = conversationId ?? NEW_CHAT;
  const picked = picks.get(key);

  const { options, current, forSend } = useMemo(() => {
    if (!models || models.models.length === 0)
      return { options: [], current: null, forSend: picked } as const;
    const find = (id: string | null | undefined) => (id ? models.models.find((m) => m.id === id) : undefined);
    const fallback = find(models.defaultModel) ?? models.models[0];
    const own = conversationId ? summaries?.find((c) => c.id === conversationId)?.model : null;
    const ownOption = find(own);
    // A model the operator removed, or one a lapsed plan no longer allows: the default writes instead.
    const ownUsable = ownOption?.allowed ? ownOption : undefined;
    const chosen = find(picked) ?? ownUsable ?? fallback;
    const send = picked ?? (own && !ownUsable ? fallback.id : undefined);
    return { options: models.models.length > 1 ? models.models : [], current: chosen, forSend: send };
  }, [models, summaries, conversationId, picked]);

  const choose = useCallback(
    (modelId: string) => setPicks((previous) => new Map(previous).set(key, modelId)),
    [key],
  );

  const noteSent = useCallback(() => {
    if (conversationId && forSend) setSummaryModel(queryClient, conversationId, forSend);
  }, [conversationId, forSend, queryClient]);

  const adopt = useCallback(
    (id: string) => {
      const pick = picks.get(NEW_CHAT);
      if (!pick) return;
      setPicks((previous) => {
        const next = new Map(previous);
        next.delete(NEW_CHAT);
        return next.set(id, pick);
      });
      setSummaryModel(queryClient, id, pick);
    },
    [picks, queryClient],
  );

  return { options, current, choose, forSend, noteSent, adopt };
}
