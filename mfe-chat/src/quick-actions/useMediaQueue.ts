// How a quick action queues its request in the media outbox when there is no network,
// and what it shows of it: its kind's waiting requests, and the latest answer to a request made
// here, whether it came straight back or later through the runner.
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '@kasa/api-client';
import type { QueuedMediaKind } from '@kasa/contracts';
import { useT, useToast } from '@kasa/ui';
import { messages } from '../messages';
import {
  chatMediaOutbox,
  MediaOutboxFullError,
  type MediaOutboxItem,
  type MediaOutboxResult,
} from '../offline/media-outbox';
import { newKey } from '../offline/outbox';

export type QueuedFields = Pick<
  MediaOutboxItem,
  'conversationId' | 'newConversationId' | 'prompt' | 'audio' | 'fileName'
>;

export function useMediaQueue(kind: QueuedMediaKind) {
  const t = useT(messages);
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const outbox = chatMediaOutbox();
  const items = useSyncExternalStore(outbox.subscribe, outbox.list, outbox.list);
  const answered = useSyncExternalStore(outbox.subscribe, outbox.answered, outbox.answered);
  const waiting = items.filter((item) => item.kind === kind);
  /** The keys of the requests made here, oldest first, and the answers that came straight back. */
  const [asked, setAsked] = useState<readonly string[]>([]);
  const [direct, setDirect] = useState<ReadonlyMap<string, MediaOutboxResult>>(() => new Map());

  /** A new request's key: one for every try, so a lost answer is not drawn or transcribed twice. */
  const newRequest = useCallback((): string => {
    const key = newKey();
    setAsked((keys) => [...keys, key]);
    return key;
  }, []);

  const answeredNow = useCallback(
    (key: string, answer: MediaOutboxResult) => setDirect((map) => new Map(map).set(key, answer)),
    [],
  );

  /** The answer of the latest request made here that has one. */
  const shown = useMemo(() => {
    for (const key of [...asked].reverse()) {
      const answer = direct.get(key) ?? answered.get(key);
      if (answer) return answer;
    }
    return null;
  }, [asked, direct, answered]);

  /** Queues the request under `key`; false, with a toast saying why, when its audio does not fit. */
  const queue = useCallback(
    async (fields: QueuedFields, key: string): Promise<boolean> => {
      const user = queryClient.getQueryData<{ id?: string } | null>(CURRENT_USER_QUERY_KEY);
      await outbox.load(user?.id ?? '');
      try {
        outbox.add({ ...fields, kind }, key);
        return true;
      } catch (error) {
        if (!(error instanceof MediaOutboxFullError)) throw error;
        toast({ title: t('mediaQueueFull'), description: t('mediaQueueFullText'), variant: 'destructive' });
        return false;
      }
    },
    [kind, outbox, queryClient, t, toast],
  );

  const cancel = useCallback((key: string) => outbox.remove(key), [outbox]);

  return { waiting, queue, cancel, newRequest, answeredNow, shown };
}
