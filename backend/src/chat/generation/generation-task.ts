import type { ChatStreamEvent } from '@kasa/contracts';
import type { ChatModelAttachment, ChatModelMessage } from '../../ai/chat-model.port';
import type { Reservation } from '../../usage';

/** Why a reply was cut short: Stop (or its conversation deleted), or the server shutting down. */
export type AbortReason = 'stop' | 'deleted' | 'shutdown';

export interface GenerationSpec {
  userId: string;
  conversationId: string;
  userMessageId: string;
  assistantMessageId: string;
  /** The id of the chat model that writes the reply (ChatModelsService.choose; stored on the reply). */
  model: string;
  /** The prompt: system prompt, history, the new user message. */
  messages: ChatModelMessage[];
  /**
   * Builds the prompt instead of `messages` when the message has attachments: reading their text
   * (maybe waiting for an extraction) and images takes time, which the reply task spends, not the
   * request (the stream's first event, with the ids, goes out at once).
   */
  prepare?: (signal: AbortSignal) => Promise<PreparedPrompt>;
  /** The message taken from the user's quota for this reply: given back if the reply fails. */
  reservation: Reservation;
}

/** A prompt built by GenerationSpec.prepare. */
export interface PreparedPrompt {
  messages: ChatModelMessage[];
  attachments?: ChatModelAttachment[];
}

/**
 * `offset`: the reply's length (UTF-16 units) once this event is delivered, the SSE id of the
 * event (chatReplyStreamPath): a chunk's end, the final event repeats the last one.
 */
export type TaskListener = (event: ChatStreamEvent, offset: number) => void;
/** A listener that may ignore the offset (callers that deliver events without ids). */
export type GenerationListener = (event: ChatStreamEvent, offset?: number) => void;

/**
 * One reply being written. It lives in the generation service, not in a request: HTTP responses
 * subscribe to it and may go away; the task goes on and saves the reply.
 */
export class GenerationTask {
  readonly controller = new AbortController();
  /** The reply so far. */
  content = '';
  /** Length of `content` last saved to the database (UTF-16 units, as JavaScript counts). */
  savedLength = 0;
  /** The same saved prefix in characters (code points), as PostgreSQL counts them. */
  savedCharacters = 0;
  abortReason: AbortReason | null = null;
  /** While the model answers others first (ChatModelRequest.onWaiting): how many; else null. */
  repliesAhead: number | null = null;
  private readonly listeners = new Set<TaskListener>();
  private finalEvent: ChatStreamEvent | null = null;
  private resolveSettled!: () => void;
  /** Resolves once the final state is saved and the last event sent. */
  readonly settled = new Promise<void>((resolve) => (this.resolveSettled = resolve));

  constructor(readonly spec: GenerationSpec) {}

  get id(): string {
    return this.spec.assistantMessageId;
  }

  get finished(): boolean {
    return this.finalEvent !== null;
  }

  get dirty(): boolean {
    return this.content.length !== this.savedLength;
  }

  /** Aborts the model call; the first reason wins. */
  abort(reason: AbortReason): void {
    if (this.finished || this.controller.signal.aborted) return;
    this.abortReason = reason;
    this.controller.abort(reason);
  }

  /** The model writes `ahead` other replies before this one: readers are told (ChatStreamEvent.repliesAhead). */
  wait(ahead: number): void {
    if (this.finished || this.content.length || ahead === this.repliesAhead) return;
    this.repliesAhead = ahead;
    this.emit({ repliesAhead: ahead });
  }

  append(chunk: string): void {
    this.repliesAhead = null;
    this.content += chunk;
    this.emit({ content: chunk });
  }

  /** The last event: `{done}` or `{error}`. Listeners are dropped afterwards. */
  finish(event: ChatStreamEvent): void {
    if (this.finalEvent) return;
    this.repliesAhead = null;
    this.finalEvent = event;
    this.emit(event);
    this.listeners.clear();
    this.resolveSettled();
  }

  /**
   * Delivers the reply from now on. A late subscriber first gets the text written so far after
   * `afterOffset` as one chunk (and the final event when the reply is already over, or how many
   * replies come before it while it waits). Returns the unsubscribe function.
   */
  subscribe(listener: TaskListener, afterOffset = 0): () => void {
    const length = this.content.length;
    if (length > afterOffset) safeCall(listener, { content: this.content.slice(afterOffset) }, length);
    if (this.finalEvent) {
      safeCall(listener, this.finalEvent, length);
      return () => undefined;
    }
    if (this.repliesAhead !== null) safeCall(listener, { repliesAhead: this.repliesAhead }, length);
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: ChatStreamEvent): void {
    const offset = this.content.length;
    for (const listener of this.listeners) safeCall(listener, event, offset);
  }
}

function safeCall(listener: TaskListener, event: ChatStreamEvent, offset: number): void {
  try {
    listener(event, offset);
  } catch {
    // A listener is a response being written; its failure must not stop the reply.
  }
}
