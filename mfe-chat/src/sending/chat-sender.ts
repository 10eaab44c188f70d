// Chat send (docs/product.md#chat-send): idle → pending (input disabled, spinner) → the user message shows at once and
// the reply streams in → on done the messages are stored, the conversation id adopted and the
// conversation list refetched; on failure the assistant says 'Sorry, I encountered an error…' and
// the pending state clears. The user's message stays either way.
//
// The send machine as a store outside React (like shared/draft.ts): it holds the turn in flight,
// pumps the outbox (and retries what the server never answered), turns stream events into the
// turn the screen shows, and writes what ends into the query cache. The screen reads immutable
// snapshots through useChatSender (useSyncExternalStore); nothing here depends on a render.
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, CURRENT_USER_QUERY_KEY } from '@kasa/api-client';
import {
  type ChatMessage,
  type ChatMessageAttachment,
  type ChatStreamEvent,
  type SendChatRequest,
  isErrorCode,
} from '@kasa/contracts';
import {
  CONVERSATIONS_QUERY_KEY,
  conversationQueryKey,
  newText,
  resumeReply,
  stopReply,
  streamChat,
} from '../shared/chat-api';
import { NEW_THREAD_PREFIX, newKey, outboxRetryMs, type Outbox, type OutboxItem } from '../offline/outbox';
import type { DraftAttachment } from '../shared/attachments/draft-attachment';
import { isOnline } from '../shared/network';
import { requestFrame } from '../shared/request-frame';
import { reattach } from './resume';

/** After Stop, how long to wait for the server to end the stream before no longer reading it. */
export const STOP_GRACE_MS = 4000;

export type SendOutcome = 'done' | 'stopped' | 'failed';

/** What a send takes: the composer's draft (the text, and the files and canvases it carries). */
export interface ChatDraft {
  message: string;
  attachments?: readonly DraftAttachment[];
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

/** What the screen renders; a new object whenever any part changes (never mutated). */
export interface ChatSenderSnapshot {
  turn: LiveTurn | null;
  /** Messages of a new chat that never became a conversation (the send failed before the server named one). */
  unsaved: readonly ChatMessage[];
  pending: boolean;
  /** The messages waiting in the outbox (not the one being sent now), oldest first. */
  waiting: readonly OutboxItem[];
}

export interface ChatSenderCallbacks {
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

export interface ChatSenderConfig {
  queryClient: QueryClient;
  /** The page's outbox (offline/outbox.ts chatOutbox()). */
  outbox: Outbox;
  /** Wait before the n-th try of a message the server never answered (default outboxRetryMs). */
  retryMs?: (attempt: number) => number;
  /** Default STOP_GRACE_MS. */
  stopGraceMs?: number;
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
  /** Set by the stream's last word ({done} / {error}); later events are ignored. */
  outcome: SendOutcome | null;
  failure: ReplyFailure | null;
}

let turnCounter = 0;

export class ChatSender {
  private readonly queryClient: QueryClient;
  private readonly outbox: Outbox;
  private readonly retryMs: (attempt: number) => number;
  private readonly stopGraceMs: number;

  private turn: LiveTurn | null = null;
  private unsaved: readonly ChatMessage[] = [];
  private live: InFlight | null = null;
  private cancelFrame: (() => void) | null = null;
  private retryAttempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** The conversation on screen (null: a new chat). */
  private view: string | null = null;
  private callbacks: ChatSenderCallbacks = { onAdopt: () => undefined };

  private readonly listeners = new Set<() => void>();
  private snapshot: ChatSenderSnapshot | null = null;
  private snapshotQueue: readonly OutboxItem[] | null = null;

  constructor(config: ChatSenderConfig) {
    this.queryClient = config.queryClient;
    this.outbox = config.outbox;
    this.retryMs = config.retryMs ?? outboxRetryMs;
    this.stopGraceMs = config.stopGraceMs ?? STOP_GRACE_MS;
  }

  /** Listens to the sender and to its outbox (the waiting messages are part of the snapshot). */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    const stopOutbox = this.outbox.subscribe(listener);
    return () => {
      this.listeners.delete(listener);
      stopOutbox();
    };
  };

  readonly getSnapshot = (): ChatSenderSnapshot => {
    const queued = this.outbox.list();
    const current = this.snapshot;
    if (
      current &&
      current.turn === this.turn &&
      current.unsaved === this.unsaved &&
      this.snapshotQueue === queued
    )
      return current;
    const sendingKey = this.turn?.itemKey;
    this.snapshotQueue = queued;
    this.snapshot = Object.freeze({
      turn: this.turn,
      unsaved: this.unsaved,
      pending: this.turn !== null,
      waiting: queued.filter((item) => item.key !== sendingKey),
    });
    return this.snapshot;
  };

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private setTurn(turn: LiveTurn | null): void {
    if (turn === this.turn) return;
    this.turn = turn;
    this.emit();
  }

  /** Changes the shown turn when it is still the one of `key`. */
  private updateTurn(key: number, change: (turn: LiveTurn) => LiveTurn): void {
    if (this.turn?.key === key) this.setTurn(change(this.turn));
  }

  /** The conversation on screen and what to tell the screen (read when events arrive, not copied). */
  configure(conversationId: string | null, callbacks: ChatSenderCallbacks): void {
    this.view = conversationId;
    this.callbacks = callbacks;
  }

  /** Messages that were never saved belong to the new chat they were typed in, not to the next screen. */
  forgetUnsaved(): void {
    if (!this.unsaved.length) return;
    this.unsaved = [];
    this.emit();
  }

  /**
   * The screen is shown: the outbox of the signed-in user is read and sent, then again at every
   * 'online'. Answers what the screen calls when it goes away: stop reading the reply (the server
   * goes on and saves it) and stop retrying.
   */
  start(): () => void {
    const user = this.queryClient.getQueryData<{ id?: string } | null>(CURRENT_USER_QUERY_KEY);
    let active = true;
    void this.outbox.load(user?.id ?? '').then(() => {
      if (active) this.pump();
    });
    const online = () => {
      this.retryAttempt = 0;
      this.pump();
    };
    window.addEventListener('online', online);
    return () => {
      active = false;
      window.removeEventListener('online', online);
      if (this.retryTimer) clearTimeout(this.retryTimer);
      const state = this.live;
      if (state) {
        state.abandoned = true;
        state.controller.abort();
      }
      this.cancelFrame?.();
    };
  }

  /**
   * Sends the draft's text (trimmed) with its attachments; false (nothing happens) when the text is
   * blank or a reply is pending (docs/product.md#chat-send). Every message goes through the outbox:
   * offline it waits there (shown at once, marked as waiting) and is sent when the network returns.
   */
  readonly send = (draft: ChatDraft): boolean => {
    const message = draft.message.trim();
    if (!message || this.live) return false;
    const here = this.view;
    // Several messages written offline in a new chat all go to the conversation the first one opens.
    const newThread = here
      ? null
      : (this.outbox.list().find((i) => i.conversationId === null)?.thread ??
        `${NEW_THREAD_PREFIX}${newKey()}`);
    this.outbox.add({
      thread: here ?? (newThread as string),
      conversationId: here,
      message,
      ...(draft.attachments?.length ? { attachments: [...draft.attachments] } : {}),
    });
    this.retryAttempt = 0;
    this.pump();
    return true;
  };

  /** Stop: the server ends the reply and keeps what was written (POST …/stop). */
  readonly stop = (): void => {
    const state = this.live;
    if (!state || state.stopRequested) return;
    state.stopRequested = true;
    this.updateTurn(state.key, (t) => ({ ...t, stopping: true }));
    this.postStop(state); // or as soon as the server names the conversation
    state.stopTimer = setTimeout(() => {
      if (this.live === state) state.controller.abort();
    }, this.stopGraceMs);
  };

  /** Cancels a message still waiting in the outbox (not one being sent). */
  readonly cancelQueued = (key: string): void => {
    if (this.live?.item.key === key) return;
    this.outbox.remove(key);
  };

  /** Sends the outbox's next message when nothing is being sent and the browser is online. */
  private pump(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.live || !isOnline()) return;
    const item = this.outbox.list()[0];
    if (!item) return;
    const key = ++turnCounter;
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
      draft: { message: item.message, attachments: item.attachments },
      item,
      lastEventId: null,
      outcome: null,
      failure: null,
    };
    this.live = state;
    this.setTurn({
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
    void this.run(state, item.message);
  }

  private postStop(state: InFlight): void {
    if (state.stopPosted || !state.conversationId) return;
    state.stopPosted = true;
    // The server ends the stream with {done, stopped}; what was written so far is kept.
    void stopReply(state.conversationId).catch(() => undefined);
  }

  /** Shows the reply as far as it arrived (once per animation frame). */
  private readonly flush = (): void => {
    this.cancelFrame = null;
    const state = this.live;
    if (!state) return;
    this.updateTurn(state.key, (t) =>
      t.reply !== state.reply || t.phase === 'waiting' ? { ...t, reply: state.reply, phase: 'streaming' } : t,
    );
  };

  /** One stream event (POST /api/chat or a resumed stream) into the turn's state. */
  private receive(state: InFlight, event: ChatStreamEvent, id: string | null): void {
    if (state.outcome) return;
    if (id !== null) state.lastEventId = id;
    if (!state.acked) {
      // The server has the message: it leaves the outbox (a retry now would only re-read it).
      this.outbox.remove(state.item.key);
      this.retryAttempt = 0;
      if (event.conversationId && state.item.thread.startsWith(NEW_THREAD_PREFIX))
        this.outbox.retarget(state.item.thread, event.conversationId);
    }
    state.acked = true;
    const adopting = Boolean(event.conversationId && !state.conversationId);
    if (event.conversationId && !state.conversationId) {
      const conversationId = event.conversationId;
      state.conversationId = conversationId;
      // A new conversation: its (empty) history is known, and the URL names it at once, so a
      // reload while the reply is written finds it.
      this.queryClient.setQueryData<ChatMessage[]>(conversationQueryKey(conversationId), (old) => old ?? []);
    }
    if (event.userMessageId || event.assistantMessageId) {
      state.userMessageId = event.userMessageId ?? state.userMessageId;
      state.assistantMessageId = event.assistantMessageId ?? state.assistantMessageId;
    }
    if (event.conversationId || event.userMessageId || event.assistantMessageId) {
      this.updateTurn(state.key, (t) => ({
        ...t,
        conversationId: state.conversationId,
        userMessageId: state.userMessageId,
        assistantMessageId: state.assistantMessageId,
      }));
    }
    if (adopting) {
      // After the turn knows its conversation: the screen keeps showing it while the URL follows.
      if (this.view === state.origin) this.callbacks.onAdopt(state.conversationId as string);
      if (state.stopRequested) this.postStop(state);
    }
    const text = typeof event.content === 'string' ? newText(state.reply, event.content, id) : '';
    if (text) {
      state.reply += text;
      // Chunks arrive faster than a phone repaints: one render per animation frame.
      if (!this.cancelFrame) this.cancelFrame = requestFrame(this.flush);
    }
    if (event.error) {
      state.outcome = 'failed';
      state.failure = { error: event.error, errorCode: event.code ?? null };
    } else if (event.done) {
      state.outcome = event.stopped ? 'stopped' : 'done';
    }
  }

  private async run(state: InFlight, message: string): Promise<void> {
    let refused: ApiError | null = null;
    let cut = false;
    const onEvent = (event: ChatStreamEvent, id: string | null) => this.receive(state, event, id);
    try {
      const request: SendChatRequest = state.origin ? { message, conversationId: state.origin } : { message };
      const attachments = state.draft.attachments ?? [];
      if (attachments.length) request.attachments = attachments.map(({ type, id }) => ({ type, id }));
      await streamChat(request, onEvent, state.controller.signal, state.item.key);
      // The stream ended without a last word: the connection dropped (or Stop gave up waiting).
      cut = !state.outcome;
    } catch (error) {
      cut = !state.outcome;
      if (error instanceof ApiError) refused = error;
    }
    const signal = state.controller.signal;
    if (cut && !refused && !state.acked && !state.stopRequested) {
      // The server never answered (offline, or the connection failed first): the message waits in
      // the outbox and is tried again with the same key; nothing is shown as failed.
      if (this.live === state) {
        this.cancelFrame?.();
        this.cancelFrame = null;
        this.live = null;
        if (this.turn?.key === state.key) this.setTurn(null);
      }
      if (!state.abandoned) {
        const wait = this.retryMs(this.retryAttempt++);
        if (this.retryTimer) clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => this.pump(), wait);
      }
      return;
    }
    if (refused && !state.acked) this.outbox.remove(state.item.key); // the server said no: not retried
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
      this.updateTurn(state.key, (t) => ({ ...t, reconnecting: true }));
      await reattach({
        attach: (lastEventId, s) =>
          resumeReply(
            assistantMessageId,
            lastEventId,
            (event, id) => {
              onEvent(event, id);
              this.updateTurn(state.key, (t) => (t.reconnecting ? { ...t, reconnecting: false } : t));
            },
            s,
          ),
        lastEventId: () => state.lastEventId,
        finished: () => state.outcome !== null || state.stopRequested,
        signal,
      });
    }
    let lost = false;
    if (!state.outcome) {
      state.outcome = state.stopRequested ? 'stopped' : 'failed';
      lost = !state.stopRequested && !refused && state.acked;
      if (refused) state.failure = refusal(refused);
    }
    this.settle(state, message, state.outcome, lost);
  }

  /** The turn ended: its messages go where the screen reads them (the cache, or the unsaved list). */
  private settle(state: InFlight, userText: string, outcome: SendOutcome, lost: boolean): void {
    if (this.live !== state) return;
    this.cancelFrame?.();
    this.cancelFrame = null;
    if (state.stopTimer) clearTimeout(state.stopTimer);
    this.live = null;
    const { queryClient } = this;
    const target = state.conversationId;
    const failure = state.failure;
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
      if (target) void queryClient.invalidateQueries({ queryKey: conversationQueryKey(target), exact: true });
    } else if (target) {
      const key = conversationQueryKey(target);
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
      this.unsaved = [...this.unsaved, user, reply];
    }
    if (target && state.acked)
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY, exact: true });
    if (this.turn?.key === state.key) this.turn = null;
    this.emit();
    if (!state.abandoned && outcome === 'failed' && !state.acked) this.callbacks.onUnsent?.(state.draft);
    if (!state.abandoned) this.callbacks.onSettled?.(outcome, { reply: state.reply });
  }
}
