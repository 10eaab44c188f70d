// Chat send (docs/product.md#chat-send): idle → pending (input disabled, spinner) → the user message shows at once and
// the reply streams in → on done the messages are stored, the conversation id adopted and the
// conversation list refetched; on failure the assistant says 'Sorry, I encountered an error…' and
// the pending state clears. The user's message stays either way.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, CURRENT_USER_QUERY_KEY } from '@kasa/api-client';
import {
  type ChatMessage,
  type ChatMessageAttachment,
  type ChatStreamEvent,
  type SendChatRequest,
  isErrorCode,
} from '@kasa/contracts';
import { CONVERSATIONS_KEY, conversationKey, newText, resumeReply, stopReply, streamChat } from '../chat-api';
import { chatOutbox, NEW_THREAD_PREFIX, newKey, type OutboxItem } from '../offline/outbox';
import { isOnline, reattach } from './resume';
import type { DraftAttachment } from '../enhancements/types';
import { requestFrame, useLatest } from '../hooks';

/** After Stop, how long to wait for the server to end the stream before no longer reading it. */
export const STOP_GRACE_MS = 4000;

/** A message whose POST failed before the server answered is tried again after 1 s, 2 s, 4 s, … 30 s (and at 'online'). */
export function outboxRetryMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** attempt);
}

export type SendOutcome = 'done' | 'stopped' | 'failed';

/** What a send takes: the composer's draft (the text, and the files and canvases it carries). */
export interface ChatDraft {
  message: string;
  attachments?: readonly DraftAttachment[];
}

/** The attachments as the user's message shows them at once (the server's copy has signed links). */
function shownAttachments(attachments: readonly DraftAttachment[]): ChatMessageAttachment[] {
  return attachments.map(({ type, id, name, mimeType, previewUrl }) => ({
    type,
    id,
    name,
    mimeType,
    url: previewUrl ?? null,
  }));
}

/** Why a reply failed, as the server said it (kept on the reply: ChatMessage.error / errorCode). */
type ReplyFailure = Pick<ChatMessage, 'error' | 'errorCode'>;

/** A send the server refused before streaming (restarting, conversation gone, over the quota). */
function refusal(error: ApiError): ReplyFailure {
  const message = error.body?.message;
  return {
    error: typeof message === 'string' && message ? message : null,
    errorCode: isErrorCode(error.code) ? error.code : null,
  };
}

/** The reply being written now, as the screen shows it. */
export interface LiveTurn {
  key: number;
  /** The conversation it belongs to; null until the server names a new one. */
  conversationId: string | null;
  /** The conversation on screen when it was sent (null: a new chat). */
  origin: string | null;
  userMessage: ChatMessage;
  /** Server ids (first stream event), to tell the same messages apart when the server sends them. */
  userMessageId: string | null;
  assistantMessageId: string | null;
  /** The reply so far (updated at most once per animation frame). */
  reply: string;
  /** 'waiting': no chunk yet (typing indicator); 'streaming': chunks are arriving. */
  phase: 'waiting' | 'streaming';
  stopping: boolean;
  /** The stream was cut mid-reply: reattaching (waiting for the network when offline). */
  reconnecting: boolean;
  /** Its outbox entry's key (the idempotency key). */
  itemKey: string;
}

interface InFlight {
  key: number;
  /** The conversation on screen when it was sent (null: a new chat). */
  origin: string | null;
  conversationId: string | null;
  userMessageId: string | null;
  assistantMessageId: string | null;
  reply: string;
  controller: AbortController;
  stopRequested: boolean;
  stopPosted: boolean;
  stopTimer: ReturnType<typeof setTimeout> | null;
  /** The server answered with its first event: it has the user's message and is writing. */
  acked: boolean;
  /** The screen went away: what the server finishes is read from it later. */
  abandoned: boolean;
  /** The draft it was sent from (given back when the server never took it). */
  draft: ChatDraft;
  /** Its outbox entry (the idempotency key); removed once the server took the message. */
  item: OutboxItem;
  /** The id of the last stream event (the reply's text offset), for Last-Event-ID. */
  lastEventId: string | null;
}

export interface ChatSenderOptions {
  /** The conversation on screen (null: a new chat). */
  conversationId: string | null;
  /** The server named the conversation of a reply sent from this screen: show it (URL). */
  onAdopt: (conversationId: string) => void;
  onSettled?: (outcome: SendOutcome, turn: { reply: string }) => void;
  /**
   * The server never took the message (refused it, or the connection failed before it answered):
   * the draft it was sent from, for the composer to keep. A message the server took is saved with
   * its attachments, so its draft is not given back even when the reply then fails.
   */
  onUnsent?: (draft: ChatDraft) => void;
}

let turnCounter = 0;

export function useChatSender({ conversationId, onAdopt, onSettled, onUnsent }: ChatSenderOptions) {
  const queryClient = useQueryClient();
  const [turn, setTurn] = useState<LiveTurn | null>(null);
  /** Messages of a new chat that never became a conversation (the send failed before the server named one). */
  const [unsaved, setUnsaved] = useState<ChatMessage[]>([]);
  const live = useRef<InFlight | null>(null);
  const cancelFrame = useRef<(() => void) | null>(null);
  const view = useLatest(conversationId);
  const callbacks = useLatest({ onAdopt, onSettled, onUnsent });
  const [outbox] = useState(chatOutbox);
  const queued = useSyncExternalStore(outbox.subscribe, outbox.list, outbox.list);
  const retry = useRef({ attempt: 0, timer: null as ReturnType<typeof setTimeout> | null });
  const pumpRef = useRef<() => void>(() => undefined);

  // Messages that were never saved belong to the new chat they were typed in, not to the next screen.
  useEffect(() => {
    setUnsaved((messages) => (messages.length ? [] : messages));
  }, [conversationId]);

  const flush = useCallback(() => {
    cancelFrame.current = null;
    const state = live.current;
    if (!state) return;
    setTurn((t) =>
      t && t.key === state.key && (t.reply !== state.reply || t.phase === 'waiting')
        ? { ...t, reply: state.reply, phase: 'streaming' }
        : t,
    );
  }, []);

  const postStop = useCallback((state: InFlight) => {
    if (state.stopPosted || !state.conversationId) return;
    state.stopPosted = true;
    // The server ends the stream with {done, stopped}; what was written so far is kept.
    void stopReply(state.conversationId).catch(() => undefined);
  }, []);

  const settle = useCallback(
    (
      state: InFlight,
      userText: string,
      outcome: SendOutcome,
      failure: ReplyFailure | null,
      lost: boolean,
    ) => {
      if (live.current !== state) return;
      cancelFrame.current?.();
      cancelFrame.current = null;
      if (state.stopTimer) clearTimeout(state.stopTimer);
      live.current = null;
      const target = state.conversationId;
      const now = new Date().toISOString();
      const user: ChatMessage = {
        id: state.userMessageId ?? `local-user-${state.key}`,
        role: 'user',
        content: userText,
        status: 'complete',
        createdAt: now,
      };
      if (state.draft.attachments?.length) user.attachments = shownAttachments(state.draft.attachments);
      const reply: ChatMessage = {
        id: state.assistantMessageId ?? `local-reply-${state.key}`,
        role: 'assistant',
        content: state.reply,
        status: outcome === 'done' ? 'complete' : outcome,
        error: outcome === 'failed' ? (failure?.error ?? null) : null,
        errorCode: outcome === 'failed' ? (failure?.errorCode ?? null) : null,
        createdAt: now,
      };
      if (state.abandoned) {
        // Nobody is looking: the server's copy (maybe still being written) is read when it is.
        if (target) void queryClient.invalidateQueries({ queryKey: conversationKey(target), exact: true });
      } else if (target) {
        const key = conversationKey(target);
        if (queryClient.getQueryData(key) === undefined) {
          void queryClient.invalidateQueries({ queryKey: key, exact: true });
        } else {
          queryClient.setQueryData<ChatMessage[]>(key, (old = []) => [
            ...old.filter((m) => m.id !== user.id && m.id !== reply.id),
            user,
            reply,
          ]);
          // The connection dropped mid-reply: the server goes on writing (it has both messages);
          // its copy says how far it got, and the screen follows it until it is done. A message
          // sent with attachments is read again too: the server's copy has their signed links.
          if (lost || state.draft.attachments?.length)
            void queryClient.invalidateQueries({ queryKey: key, exact: true });
        }
      } else {
        setUnsaved((messages) => [...messages, user, reply]);
      }
      if (target && state.acked)
        void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true });
      setTurn((t) => (t?.key === state.key ? null : t));
      if (!state.abandoned && outcome === 'failed' && !state.acked) callbacks.current.onUnsent?.(state.draft);
      if (!state.abandoned) callbacks.current.onSettled?.(outcome, { reply: state.reply });
    },
    [queryClient, callbacks],
  );

  const run = useCallback(
    async (state: InFlight, message: string) => {
      let outcome: SendOutcome | null = null;
      let failure: ReplyFailure | null = null;
      let lost = false;
      const onEvent = (event: ChatStreamEvent, id: string | null) => {
        if (outcome) return;
        if (id !== null) state.lastEventId = id;
        if (!state.acked) {
          // The server has the message: it leaves the outbox (a retry now would only re-read it).
          outbox.remove(state.item.key);
          retry.current.attempt = 0;
          if (event.conversationId && state.item.thread.startsWith(NEW_THREAD_PREFIX))
            outbox.retarget(state.item.thread, event.conversationId);
        }
        state.acked = true;
        const adopting = Boolean(event.conversationId && !state.conversationId);
        if (event.conversationId && !state.conversationId) {
          const id = event.conversationId;
          state.conversationId = id;
          // A new conversation: its (empty) history is known, and the URL names it at once, so a
          // reload while the reply is written finds it.
          queryClient.setQueryData<ChatMessage[]>(conversationKey(id), (old) => old ?? []);
        }
        if (event.userMessageId || event.assistantMessageId) {
          state.userMessageId = event.userMessageId ?? state.userMessageId;
          state.assistantMessageId = event.assistantMessageId ?? state.assistantMessageId;
        }
        if (event.conversationId || event.userMessageId || event.assistantMessageId) {
          setTurn((t) =>
            t && t.key === state.key
              ? {
                  ...t,
                  conversationId: state.conversationId,
                  userMessageId: state.userMessageId,
                  assistantMessageId: state.assistantMessageId,
                }
              : t,
          );
        }
        if (adopting) {
          // After the turn knows its conversation: the screen keeps showing it while the URL follows.
          if (view.current === state.origin) callbacks.current.onAdopt(state.conversationId as string);
          if (state.stopRequested) postStop(state);
        }
        const text = typeof event.content === 'string' ? newText(state.reply, event.content, id) : '';
        if (text) {
          state.reply += text;
          // Chunks arrive faster than a phone repaints: one render per animation frame.
          if (!cancelFrame.current) cancelFrame.current = requestFrame(flush);
        }
        if (event.error) {
          outcome = 'failed';
          failure = { error: event.error, errorCode: event.code ?? null };
        } else if (event.done) {
          outcome = event.stopped ? 'stopped' : 'done';
        }
      };
      let refused: ApiError | null = null;
      let cut = false;
      try {
        const request: SendChatRequest = state.origin
          ? { message, conversationId: state.origin }
          : { message };
        const attachments = state.draft.attachments ?? [];
        if (attachments.length) request.attachments = attachments.map(({ type, id }) => ({ type, id }));
        await streamChat(request, onEvent, state.controller.signal, state.item.key);
        // The stream ended without a last word: the connection dropped (or Stop gave up waiting).
        cut = !outcome;
      } catch (error) {
        cut = !outcome;
        if (error instanceof ApiError) refused = error;
      }
      const signal = state.controller.signal;
      if (cut && !refused && !state.acked && !state.stopRequested) {
        // The server never answered (offline, or the connection failed first): the message waits in
        // the outbox and is tried again with the same key; nothing is shown as failed.
        if (live.current === state) {
          cancelFrame.current?.();
          cancelFrame.current = null;
          live.current = null;
          setTurn((t) => (t?.key === state.key ? null : t));
        }
        if (!state.abandoned) {
          const wait = outboxRetryMs(retry.current.attempt++);
          if (retry.current.timer) clearTimeout(retry.current.timer);
          retry.current.timer = setTimeout(() => pumpRef.current(), wait);
        }
        return;
      }
      if (refused && !state.acked) outbox.remove(state.item.key); // the server said no: not retried
      if (
        cut &&
        !refused &&
        state.acked &&
        !state.stopRequested &&
        !state.abandoned &&
        state.assistantMessageId
      ) {
        // Cut mid-reply: reattach from the last event id (after the network is back), not poll.
        const assistantMessageId = state.assistantMessageId;
        setTurn((t) => (t?.key === state.key ? { ...t, reconnecting: true } : t));
        await reattach({
          attach: (lastEventId, s) =>
            resumeReply(
              assistantMessageId,
              lastEventId,
              (event, id) => {
                onEvent(event, id);
                setTurn((t) => (t?.key === state.key && t.reconnecting ? { ...t, reconnecting: false } : t));
              },
              s,
            ),
          lastEventId: () => state.lastEventId,
          finished: () => outcome !== null || state.stopRequested,
          signal,
        });
      }
      if (!outcome) {
        outcome = state.stopRequested ? 'stopped' : 'failed';
        lost = !state.stopRequested && !refused && state.acked;
        if (refused) failure = refusal(refused);
      }
      settle(state, message, outcome, failure, lost);
    },
    [queryClient, view, callbacks, postStop, flush, settle, outbox],
  );

  /** Sends the outbox's next message when nothing is being sent and the browser is online. */
  const pump = useCallback(() => {
    if (retry.current.timer) clearTimeout(retry.current.timer);
    retry.current.timer = null;
    if (live.current || !isOnline()) return;
    const item = outbox.list()[0];
    if (!item) return;
    const key = ++turnCounter;
    const draft: ChatDraft = { message: item.message, attachments: item.attachments };
    const state: InFlight = {
      key,
      origin: item.conversationId,
      conversationId: item.conversationId,
      userMessageId: null,
      assistantMessageId: null,
      reply: '',
      controller: new AbortController(),
      stopRequested: false,
      stopPosted: false,
      stopTimer: null,
      acked: false,
      abandoned: false,
      draft,
      item,
      lastEventId: null,
    };
    live.current = state;
    setTurn({
      key,
      conversationId: state.conversationId,
      origin: state.origin,
      userMessage: {
        id: `local-user-${key}`,
        role: 'user',
        content: item.message,
        status: 'complete',
        ...(item.attachments?.length ? { attachments: shownAttachments(item.attachments) } : {}),
        createdAt: item.createdAt,
      },
      userMessageId: null,
      assistantMessageId: null,
      reply: '',
      phase: 'waiting',
      stopping: false,
      reconnecting: false,
      itemKey: item.key,
    });
    void run(state, item.message);
  }, [outbox, run]);
  pumpRef.current = pump;

  /**
   * Sends the draft's text (trimmed) with its attachments; false (nothing happens) when the text is
   * blank or a reply is pending (docs/product.md#chat-send). Every message goes through the outbox:
   * offline it waits there (shown at once, marked as waiting) and is sent when the network returns.
   */
  const send = useCallback(
    (draft: ChatDraft): boolean => {
      const message = draft.message.trim();
      if (!message || live.current) return false;
      const here = view.current;
      // Several messages written offline in a new chat all go to the conversation the first one opens.
      const newThread = here
        ? null
        : (outbox.list().find((i) => i.conversationId === null)?.thread ?? `${NEW_THREAD_PREFIX}${newKey()}`);
      outbox.add({
        thread: here ?? (newThread as string),
        conversationId: here,
        message,
        ...(draft.attachments?.length ? { attachments: [...draft.attachments] } : {}),
      });
      retry.current.attempt = 0;
      pump();
      return true;
    },
    [pump, view, outbox],
  );

  /** Cancels a message still waiting in the outbox (not one being sent). */
  const cancelQueued = useCallback(
    (key: string) => {
      if (live.current?.item.key === key) return;
      outbox.remove(key);
    },
    [outbox],
  );

  // The outbox of the signed-in user is read at start and sent; then again at every 'online'.
  useEffect(() => {
    const user = queryClient.getQueryData<{ id?: string } | null>(CURRENT_USER_QUERY_KEY);
    let active = true;
    void outbox.load(user?.id ?? '').then(() => {
      if (active) pumpRef.current();
    });
    const online = () => {
      retry.current.attempt = 0;
      pumpRef.current();
    };
    window.addEventListener('online', online);
    const timers = retry.current;
    return () => {
      active = false;
      window.removeEventListener('online', online);
      if (timers.timer) clearTimeout(timers.timer);
    };
  }, [queryClient, outbox]);

  /** Stop: the server ends the reply and keeps what was written (POST …/stop). */
  const stop = useCallback(() => {
    const state = live.current;
    if (!state || state.stopRequested) return;
    state.stopRequested = true;
    setTurn((t) => (t && t.key === state.key ? { ...t, stopping: true } : t));
    postStop(state); // or as soon as the server names the conversation
    state.stopTimer = setTimeout(() => {
      if (live.current === state) state.controller.abort();
    }, STOP_GRACE_MS);
  }, [postStop]);

  // Leaving the screen: stop reading (the server goes on and saves the reply).
  useEffect(
    () => () => {
      const state = live.current;
      if (state) {
        state.abandoned = true;
        state.controller.abort();
      }
      cancelFrame.current?.();
    },
    [],
  );

  const sendingKey = turn?.itemKey;
  /** The messages waiting in the outbox (not the one being sent now), oldest first. */
  const waiting = queued.filter((item) => item.key !== sendingKey);

  return { turn, unsaved, pending: turn !== null, send, stop, waiting, cancelQueued };
}
