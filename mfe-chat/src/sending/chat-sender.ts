// Chat send (docs/product.md#chat-send): idle → pending (input disabled, spinner) → the user message shows at once and
// the reply streams in → on done the messages are stored, the conversation id adopted and the
// conversation list refetched; on failure the assistant says 'Sorry, I encountered an error…' and
// the pending state clears. The user's message stays either way.
//
// The send machine as a store outside React (like shared/draft.ts): it holds the turn in flight,
// pumps the outbox (and retries what the server never answered), turns stream events into the
// turn the screen shows, and writes what ends into the query cache. An edited message is a send
// with `parentMessageId` (through the outbox like any other); Regenerate is the same turn on
// POST chatRegeneratePath (never queued offline), so Stop, resume and errors work alike. A spoken
// message (docs/product.md#voice) is a send too, posted to VOICE_TURNS_PATH (./voice-turns.ts);
// its ids event says what was heard. The screen reads immutable
// snapshots through useChatSender (useSyncExternalStore); nothing here depends on a render.
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, CURRENT_USER_QUERY_KEY } from '@kasa/api-client';
import {
  CHAT_ROOT_PARENT_ID,
  type ChatMessage,
  type ChatMessageAttachment,
  type ChatModelsResponse,
  type ChatStreamEvent,
  type ConversationSummary,
  type SendChatRequest,
  isErrorCode,
} from '@kasa/contracts';
import {
  CHAT_MODELS_QUERY_KEY,
  CONVERSATIONS_QUERY_KEY,
  conversationQueryKey,
  newText,
  resumeReply,
  stopReply,
  streamChat,
  streamRegenerate,
  streamVoiceTurn,
} from '../shared/chat-api';
import { NEW_THREAD_PREFIX, newKey, outboxRetryMs, type Outbox, type OutboxItem } from '../offline/outbox';
import type { DraftAttachment } from '../shared/attachments/draft-attachment';
import { isOnline } from '../shared/network';
import { afterPaint, requestFrame } from '../shared/request-frame';
import type { VoiceTurnDraft } from '../voice/voice-turn';
import { reattach } from './resume';
import {
  isSendableVoice,
  localAudioUrl,
  outboxVoice,
  revokeLocalAudio,
  spokenMessage,
  voiceDraftText,
  voiceTurnFields,
  type LiveVoice,
} from './voice-turns';

/** After Stop, how long to wait for the server to end the stream before no longer reading it. */
export const STOP_GRACE_MS = 4000;

/** A regenerate whose POST failed before the server answered is tried this many times in all (same key). */
export const REGENERATE_ATTEMPTS = 3;

export type SendOutcome = 'done' | 'stopped' | 'failed';

/**
 * What a send takes: the composer's draft (the text, and the files and canvases it carries), or an
 * edited message, or a follow-up chip's question.
 */
export interface ChatDraft {
  message: string;
  attachments?: readonly DraftAttachment[];
  /**
   * The chat model to write the reply (ChatModelOption.id from GET /api/chat/models, the
   * composer's picker). Unset: the conversation's model, else the server's default. The server
   * keeps it as the conversation's model.
   */
  model?: string;
  /**
   * Edit and resend: where the edited message's new branch starts, i.e. the parent of the message
   * it replaces (its `parentId`, CHAT_ROOT_PARENT_ID for the conversation's first message). The
   * old message stays reachable with the version arrows. Unset: after the last message shown (the
   * usual send). Only in a saved conversation.
   */
  parentMessageId?: string;
}

/** What Regenerate takes: the model to write the new version (unset: the conversation's). */
export interface RegenerateOptions {
  model?: string;
}

/**
 * 'started': the new version is being written (the turn shows it); 'offline': refused, nothing
 * is queued (a regenerate needs the network now); 'busy': a reply is being written or messages
 * wait to be sent; 'unknown': not a reply of the conversation on screen.
 */
export type RegenerateResult = 'started' | 'offline' | 'busy' | 'unknown';

/**
 * A turn that never started: the server refused it, or could not be reached (see onNotStarted).
 * 'voice': a spoken message the server refused (nothing heard, language not transcribable here,
 * over the quota…); its recording is not kept.
 */
export type NotStartedOperation = 'regenerate' | 'edit' | 'voice';

/** The reply being written now, as the screen shows it. */
export interface LiveTurn {
  key: number;
  /** 'send': a new message and its reply; 'regenerate': a new version of a reply to `userMessage`. */
  kind: 'send' | 'regenerate';
  /**
   * Where the turn joins the messages shown: those after this message are not shown while it is
   * written (an edited message's parent; a regenerated reply's question). null: none are (the
   * first message was edited); undefined: the turn follows the last message shown.
   */
  branchFrom?: string | null;
  /** Regenerate: the reply whose new version is being written (it is shown in its place). */
  replacing?: string;
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
  /**
   * While waiting: the model writes this many other replies first (ChatStreamEvent.repliesAhead);
   * absent when the server said nothing of a line.
   */
  repliesAhead?: number;
  stopping: boolean;
  /** The stream was cut mid-reply: reattaching (waiting for the network when offline). */
  reconnecting: boolean;
  /** Its outbox entry's key (the idempotency key). */
  itemKey: string;
  /** A spoken message: what was heard (null until the server says) and its local recording. */
  voice?: LiveVoice;
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
  /**
   * A regenerate, an edited message or a spoken message the server refused (an ApiError: over the
   * quota, reply still being written, nothing heard…), or a regenerate it could not be reached
   * for: nothing changed, say why.
   */
  onNotStarted?: (operation: NotStartedOperation, error: unknown) => void;
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

/** A regenerate in flight or waiting to be tried again (in memory only: never queued offline). */
interface RegenerateJob {
  /** Its Idempotency-Key, the same on every try. */
  key: string;
  conversationId: string;
  replyId: string;
  question: ChatMessage;
  model?: string;
  attempt: number;
}

interface InFlight {
  key: number;
  /** A regenerate, or null: a send (its outbox entry is `item`). */
  regenerate: RegenerateJob | null;
  /** Where the turn joins the shown messages (LiveTurn.branchFrom). */
  branchFrom: string | null | undefined;
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
  /** A send's outbox entry (the idempotency key); removed once the server took the message. */
  item: OutboxItem | null;
  /** The id of the last stream event (the reply's text offset), for Last-Event-ID. */
  lastEventId: string | null;
  /** Set by the stream's last word ({done} / {error}); later events are ignored. */
  outcome: SendOutcome | null;
  failure: ReplyFailure | null;
  /** A spoken message: what was heard so far and its local recording (null: a typed one). */
  voice: LiveVoice | null;
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
  private pendingRegenerate: RegenerateJob | null = null;
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
    return this.enqueue(draft, {
      message,
      ...(draft.attachments?.length ? { attachments: [...draft.attachments] } : {}),
    });
  };

  /**
   * Sends a spoken message (docs/product.md#voice): like send, through the outbox (in order with
   * the typed ones, the recording kept across reloads while offline, retried with its key); false
   * when a reply is pending or the draft has neither a recording nor a recordingId. A refused one
   * is reported (onNotStarted 'voice'), never given back to the composer.
   */
  readonly sendVoice = (draft: VoiceTurnDraft): boolean => {
    if (!isSendableVoice(draft) || this.live) return false;
    return this.enqueue(draft, { message: voiceDraftText(draft), voice: outboxVoice(draft) });
  };

  /** Puts a message in the outbox, in the conversation on screen, and sends what waits. */
  private enqueue(
    draft: Pick<ChatDraft, 'parentMessageId' | 'model'>,
    content: Pick<OutboxItem, 'message' | 'attachments' | 'voice'>,
  ): boolean {
    const here = this.view;
    // Several messages written offline in a new chat all go to the conversation the first one opens.
    const newThread = here
      ? null
      : (this.outbox.list().find((i) => i.conversationId === null)?.thread ??
        `${NEW_THREAD_PREFIX}${newKey()}`);
    // An edit needs the conversation it branches in.
    if (draft.parentMessageId !== undefined && !here) return false;
    this.outbox.add({
      thread: here ?? (newThread as string),
      conversationId: here,
      ...content,
      ...(draft.parentMessageId !== undefined ? { parentMessageId: draft.parentMessageId } : {}),
      ...(draft.model ? { model: draft.model } : {}),
    });
    this.retryAttempt = 0;
    this.pump();
    return true;
  }

  /**
   * Regenerate (and Retry on a failed reply): a new version of `replyId`, a reply of the
   * conversation on screen, streamed like a send (Stop, resume and errors alike); the new version
   * is shown in the old one's place. Never queued: offline it is refused ('offline').
   */
  readonly regenerate = (replyId: string, options: RegenerateOptions = {}): RegenerateResult => {
    const conversationId = this.view;
    if (this.live || this.pendingRegenerate) return 'busy';
    if (conversationId && this.outbox.list().some((i) => i.conversationId === conversationId)) return 'busy';
    if (!isOnline()) return 'offline';
    const list = conversationId
      ? this.queryClient.getQueryData<ChatMessage[]>(conversationQueryKey(conversationId))
      : undefined;
    const at = list?.findIndex((m) => m.id === replyId) ?? -1;
    const question = list && at > 0 ? list[at - 1] : undefined;
    if (!conversationId || !list || list[at]?.role !== 'assistant' || question?.role !== 'user')
      return 'unknown';
    this.pendingRegenerate = {
      key: newKey(),
      conversationId,
      replyId,
      question,
      ...(options.model ? { model: options.model } : {}),
      attempt: 0,
    };
    this.pump();
    return 'started';
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
    if (this.live?.item?.key === key) return;
    this.outbox.remove(key);
  };

  /** Sends the outbox's next message when nothing is being sent and the browser is online. */
  private pump(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.live || !isOnline()) return;
    if (this.pendingRegenerate) {
      this.startRegenerate(this.pendingRegenerate);
      return;
    }
    const item = this.outbox.list()[0];
    if (!item) return;
    const key = ++turnCounter;
    const branchFrom =
      item.parentMessageId === undefined
        ? undefined
        : item.parentMessageId === CHAT_ROOT_PARENT_ID
          ? null
          : item.parentMessageId;
    const state: InFlight = {
      key,
      regenerate: null,
      branchFrom,
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
      // The recording plays from this device until the server's copy is read.
      voice: item.voice ? { transcription: null, localAudioUrl: localAudioUrl(item.voice) } : null,
    };
    this.live = state;
    const userMessage: ChatMessage = {
      id: `local-user-${key}`,
      role: 'user',
      content: item.message,
      status: 'complete',
      ...(item.attachments?.length ? { attachments: shownAttachments(item.attachments) } : {}),
      createdAt: item.createdAt,
    };
    this.setTurn({
      key,
      kind: 'send',
      branchFrom,
      conversationId: state.conversationId,
      origin: state.origin,
      userMessage: state.voice ? spokenMessage(userMessage, null, state.voice.localAudioUrl) : userMessage,
      ...(state.voice ? { voice: state.voice } : {}),
      userMessageId: null,
      assistantMessageId: null,
      reply: '',
      phase: 'waiting',
      stopping: false,
      reconnecting: false,
      itemKey: item.key,
    });
    // The user's message (and the emptied composer) go on screen in the tap's own frame; the POST
    // is built and sent once that frame is painted (bench/interactions: send ≤ 200 ms at 4× CPU).
    afterPaint(() => void this.run(state, item.message));
  }

  private startRegenerate(job: RegenerateJob): void {
    const key = ++turnCounter;
    const state: InFlight = {
      key,
      regenerate: job,
      branchFrom: job.question.id,
      origin: job.conversationId,
      conversationId: job.conversationId,
      userMessageId: job.question.id,
      assistantMessageId: null,
      reply: '',
      controller: new AbortController(),
      stopRequested: false,
      stopPosted: false,
      stopTimer: null,
      acked: false,
      abandoned: false,
      draft: { message: job.question.content },
      item: null,
      lastEventId: null,
      outcome: null,
      failure: null,
      voice: null,
    };
    this.live = state;
    this.setTurn({
      key,
      kind: 'regenerate',
      branchFrom: job.question.id,
      replacing: job.replyId,
      conversationId: job.conversationId,
      origin: job.conversationId,
      userMessage: job.question,
      userMessageId: job.question.id,
      assistantMessageId: null,
      reply: '',
      phase: 'waiting',
      stopping: false,
      reconnecting: false,
      itemKey: job.key,
    });
    void this.run(state, job.question.content);
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
    this.updateTurn(state.key, (t) => {
      if (t.reply === state.reply && t.phase !== 'waiting') return t;
      const { repliesAhead: _written, ...rest } = t;
      return { ...rest, reply: state.reply, phase: 'streaming' };
    });
  };

  /** One stream event (POST /api/chat or a resumed stream) into the turn's state. */
  private receive(state: InFlight, event: ChatStreamEvent, id: string | null): void {
    if (state.outcome) return;
    if (id !== null) state.lastEventId = id;
    if (!state.acked && state.item) {
      // The server has the message: it leaves the outbox (a retry now would only re-read it).
      this.outbox.remove(state.item.key);
      this.retryAttempt = 0;
      if (event.conversationId && state.item.thread.startsWith(NEW_THREAD_PREFIX))
        this.outbox.retarget(state.item.thread, event.conversationId);
    }
    if (!state.acked && state.regenerate && this.pendingRegenerate === state.regenerate)
      this.pendingRegenerate = null;
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
    if (event.transcription && state.voice && !state.voice.transcription) {
      // What was heard: the user's message shows it as its text from now on.
      const voice: LiveVoice = { ...state.voice, transcription: event.transcription };
      state.voice = voice;
      this.updateTurn(state.key, (t) => ({
        ...t,
        voice,
        userMessage: spokenMessage(t.userMessage, voice.transcription, voice.localAudioUrl),
      }));
    }
    if (adopting) {
      // After the turn knows its conversation: the screen keeps showing it while the URL follows.
      if (this.view === state.origin) this.callbacks.onAdopt(state.conversationId as string);
      if (state.stopRequested) this.postStop(state);
    }
    if (typeof event.repliesAhead === 'number' && !state.reply) {
      const ahead = event.repliesAhead;
      this.updateTurn(state.key, (t) => (t.repliesAhead === ahead ? t : { ...t, repliesAhead: ahead }));
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
    let failure: unknown = null;
    try {
      const job = state.regenerate;
      if (job) {
        const request = job.model ? { model: job.model } : {};
        await streamRegenerate(job.replyId, request, onEvent, state.controller.signal, job.key);
      } else if (state.item?.voice) {
        const fields = voiceTurnFields(state.item, state.item.voice, state.origin);
        await streamVoiceTurn(fields, onEvent, state.controller.signal, state.item.key);
      } else {
        const item = state.item as OutboxItem;
        const request: SendChatRequest = state.origin
          ? { message, conversationId: state.origin }
          : { message };
        const attachments = state.draft.attachments ?? [];
        if (attachments.length) request.attachments = attachments.map(({ type, id }) => ({ type, id }));
        if (item.parentMessageId !== undefined) request.parentMessageId = item.parentMessageId;
        if (item.model) request.model = item.model;
        await streamChat(request, onEvent, state.controller.signal, item.key);
      }
      // The stream ended without a last word: the connection dropped (or Stop gave up waiting).
      cut = !state.outcome;
    } catch (error) {
      cut = !state.outcome;
      failure = error;
      if (error instanceof ApiError) refused = error;
    }
    const signal = state.controller.signal;
    if (state.regenerate && !state.acked && (refused || cut)) {
      this.regenerateNotStarted(state, state.regenerate, refused ?? failure);
      return;
    }
    if (refused && !state.acked && (state.branchFrom !== undefined || state.voice)) {
      // An edit or a spoken message the server refused: nothing changed on the server; the editor
      // is gone (a recording has no draft to give back), so say why.
      if (state.item) this.outbox.remove(state.item.key);
      this.release(state);
      if (!state.abandoned) {
        this.callbacks.onNotStarted?.(state.voice ? 'voice' : 'edit', refused);
        this.pump();
      }
      return;
    }
    if (cut && !refused && !state.acked && !state.stopRequested) {
      // The server never answered (offline, or the connection failed first): the message waits in
      // the outbox and is tried again with the same key; nothing is shown as failed.
      this.release(state);
      if (!state.abandoned) {
        const wait = this.retryMs(this.retryAttempt++);
        if (this.retryTimer) clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => this.pump(), wait);
      }
      return;
    }
    if (refused && !state.acked && state.item) this.outbox.remove(state.item.key); // the server said no: not retried
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

  /** The turn leaves the screen without writing anything (it never started on the server). */
  private release(state: InFlight): void {
    if (this.live !== state) return;
    this.cancelFrame?.();
    this.cancelFrame = null;
    if (state.stopTimer) clearTimeout(state.stopTimer);
    this.live = null;
    // A retry plays the recording from a new object URL.
    revokeLocalAudio(state.voice);
    if (this.turn?.key === state.key) this.setTurn(null);
  }

  /**
   * A regenerate the server never started: refused (nothing changed), or not reached (tried again
   * with the same key while online; then the conversation is read again, in case the server did
   * start it and only its answer was lost).
   */
  private regenerateNotStarted(state: InFlight, job: RegenerateJob, error: unknown): void {
    this.release(state);
    if (state.abandoned) {
      this.pendingRegenerate = null;
      return;
    }
    job.attempt += 1;
    const retry = !(error instanceof ApiError) && !state.stopRequested;
    if (retry && job.attempt < REGENERATE_ATTEMPTS && isOnline()) {
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => this.pump(), this.retryMs(job.attempt - 1));
      return;
    }
    this.pendingRegenerate = null;
    if (!(error instanceof ApiError))
      void this.queryClient.invalidateQueries({
        queryKey: conversationQueryKey(job.conversationId),
        exact: true,
      });
    // Stopped before the server answered: what the user asked for, nothing to report.
    if (!state.stopRequested) this.callbacks.onNotStarted?.('regenerate', error);
    // Sends written meanwhile go now.
    this.pump();
  }

  /** The model that wrote a reply of `conversationId` sent with `chosen`, as far as this page knows. */
  private replyModel(conversationId: string | null, chosen: string | undefined): Partial<ChatMessage> {
    const models = this.queryClient.getQueryData<ChatModelsResponse>(CHAT_MODELS_QUERY_KEY);
    const summary = conversationId
      ? this.queryClient
          .getQueryData<ConversationSummary[]>(CONVERSATIONS_QUERY_KEY)
          ?.find((c) => c.id === conversationId)
      : undefined;
    const model = chosen ?? summary?.model ?? models?.defaultModel;
    if (!model) return {};
    return { model, modelName: models?.models.find((m) => m.id === model)?.name ?? null };
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
    const job = state.regenerate;
    const typed: ChatMessage = {
      id: state.userMessageId ?? `local-user-${state.key}`,
      role: 'user',
      content: userText,
      status: 'complete',
      createdAt: now,
    };
    // A spoken message keeps the server's link to its recording: the local one is let go here.
    revokeLocalAudio(state.voice);
    const user: ChatMessage = job
      ? job.question
      : state.voice
        ? spokenMessage(typed, state.voice.transcription, null)
        : typed;
    if (!job && state.draft.attachments?.length) user.attachments = shownAttachments(state.draft.attachments);
    const reply: ChatMessage = {
      id: state.assistantMessageId ?? `local-reply-${state.key}`,
      role: 'assistant',
      content: state.reply,
      status: outcome === 'done' ? 'complete' : outcome,
      error: outcome === 'failed' ? (failure?.error ?? null) : null,
      errorCode: outcome === 'failed' ? (failure?.errorCode ?? null) : null,
      createdAt: now,
      parentId: user.id,
      feedback: null,
      ...(state.acked ? this.replyModel(target, job?.model ?? state.item?.model) : {}),
    };
    if (state.abandoned) {
      // Nobody is looking: the server's copy (maybe still being written) is read when it is.
      if (target) void queryClient.invalidateQueries({ queryKey: conversationQueryKey(target), exact: true });
    } else if (target) {
      const key = conversationQueryKey(target);
      if (queryClient.getQueryData(key) === undefined) {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      } else {
        const next = withTurn(queryClient.getQueryData<ChatMessage[]>(key) ?? [], user, reply, state);
        if (next) queryClient.setQueryData<ChatMessage[]>(key, next);
        // The branch it joins is no longer the one cached (another version was shown meanwhile).
        else void queryClient.invalidateQueries({ queryKey: key, exact: true });
        // The connection dropped mid-reply: the server goes on writing (it has both messages);
        // its copy says how far it got, and the screen follows it until it is done. A message
        // sent with attachments or spoken is read again too: the server's copy has their signed
        // links (and a spoken one its recordingId and language).
        if (lost || state.draft.attachments?.length || state.voice)
          void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
    } else {
      this.unsaved = [...this.unsaved, user, reply];
    }
    if (target && state.acked)
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY, exact: true });
    if (this.turn?.key === state.key) this.turn = null;
    this.emit();
    // A recording is never put in the text box.
    if (!state.abandoned && outcome === 'failed' && !state.acked && !job && !state.voice)
      this.callbacks.onUnsent?.(state.draft);
    if (!state.abandoned) this.callbacks.onSettled?.(outcome, { reply: state.reply });
    // The next message written meanwhile (offline, or while this reply was written) goes now.
    if (!state.abandoned) this.pump();
  }
}

/** A server id (not one of this page's `local-…` stand-ins for a message the server never named). */
const isServerId = (id: string) => !id.startsWith('local-');

/** The versions of `replaced` with `added` as the newest (ChatMessage.versionIds). */
function versionsWith(replaced: ChatMessage | undefined, added: ChatMessage): string[] | undefined {
  if (!replaced || replaced.role !== added.role || !isServerId(added.id)) return undefined;
  return [...(replaced.versionIds ?? [replaced.id]), added.id];
}

/**
 * The conversation's shown messages after a turn ended: a send follows the last message; an edit
 * starts a branch after its parent (the message it replaces and what followed are no longer
 * shown, they stay reachable with the arrows); a regenerate takes its old version's place. Null
 * when the turn's branch point is not among `old` (another version is shown now).
 */
function withTurn(
  old: readonly ChatMessage[],
  user: ChatMessage,
  reply: ChatMessage,
  state: InFlight,
): ChatMessage[] | null {
  const list = old.filter((m) => m.id !== reply.id && (state.regenerate || m.id !== user.id));
  if (state.regenerate) {
    const at = list.findIndex((m) => m.id === state.regenerate?.replyId);
    if (at < 0) return null;
    const versionIds = versionsWith(list[at], reply);
    return [...list.slice(0, at), versionIds ? { ...reply, versionIds } : reply];
  }
  if (state.branchFrom === undefined) {
    const shownUser: ChatMessage = { ...user, parentId: list.at(-1)?.id ?? null };
    return [...list, shownUser, reply];
  }
  const at = state.branchFrom === null ? -1 : list.findIndex((m) => m.id === state.branchFrom);
  if (state.branchFrom !== null && at < 0) return null;
  const versionIds = versionsWith(list[at + 1], user);
  const edited: ChatMessage = { ...user, parentId: state.branchFrom, ...(versionIds ? { versionIds } : {}) };
  return [...list.slice(0, at + 1), edited, reply];
}
