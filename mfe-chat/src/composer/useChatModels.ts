// The chat models this server offers (GET /api/chat/models), for the composer's picker.
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscriptionStatus } from '@kasa/api-client';
import type { ChatModelsResponse } from '@kasa/contracts';
import { CHAT_MODELS_QUERY_KEY } from '../shared/chat-api';

/** The operator changes the list with a redeploy: an hour old is fresh enough. */
export const CHAT_MODELS_STALE_MS = 60 * 60 * 1000;

export function useChatModels() {
  const queryClient = useQueryClient();
  const query = useQuery<ChatModelsResponse>({
    queryKey: CHAT_MODELS_QUERY_KEY,
    staleTime: CHAT_MODELS_STALE_MS,
  });
  // `allowed` depends on the plan: after an upgrade (or a lapse back to Basic) the list is read again,
  // once: every user of this hook (the picker, the no-model notice) invalidates, and a read already
  // under way answers them all (`cancelRefetch: false`).
  const plan = useSubscriptionStatus().data?.plan;
  const seenPlan = useRef(plan);
  useEffect(() => {
    if (!plan) return;
    if (seenPlan.current && seenPlan.current !== plan)
      void queryClient.invalidateQueries(
        { queryKey: CHAT_MODELS_QUERY_KEY, exact: true },
        { cancelRefetch: false },
      );
    seenPlan.current = plan;
  }, [plan, queryClient]);
  return query;
}
