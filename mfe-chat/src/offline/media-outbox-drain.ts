// Sends what waits in the media outbox: when online, the oldest request of each kind,
// one at a time per kind (images in the order asked, transcriptions in theirs), always with the
// request's own Idempotency-Key. A network failure keeps it for the 'online' event and a backoff;
// 409 REQUEST_IN_PROGRESS (the server is still on an earlier try) is tried again later; any other
// refusal drops it. One drain per page: a request is never sent twice at once, however often the
// screen mounts (StrictMode mounts twice).
import { ApiError } from '@kasa/api-client';
import { QUEUED_MEDIA_KINDS, type QueuedMediaKind } from '@kasa/contracts';
import { generateImage, transcribe } from '../shared/media-api';
import { isOnline } from '../shared/network';
import { outboxRetryMs } from './outbox';
import {
  chatMediaOutbox,
  type MediaOutbox,
  type MediaOutboxItem,
  type MediaOutboxResult,
} from './media-outbox';

/** What the screen does with an outcome (toasts, the conversation read again). */
export interface MediaDrainHandlers {
  answered(item: MediaOutboxItem, answer: MediaOutboxResult): void;
  refused(item: MediaOutboxItem, error: unknown): void;
}

export type MediaSender = (item: MediaOutboxItem) => Promise<MediaOutboxResult>;

/** The request as the API takes it, with its key. */
export const sendMediaItem: MediaSender = async (item) =>
  item.kind === 'image'
    ? { kind: 'image', result: await generateImage(item.prompt ?? '', item, item.key) }
    : {
        kind: 'transcription',
        result: await transcribe(item.audio ?? new Blob(), item.fileName ?? 'recording.wav', item, item.key),
      };

/** The request never reached the server, or its answer never came back: worth trying again. */
export function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError) && (error instanceof TypeError || !isOnline());
}

function isInProgress(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === 'REQUEST_IN_PROGRESS';
}

export class MediaOutboxDrain {
  private readonly sending = new Set<QueuedMediaKind>();
  private readonly attempts = new Map<QueuedMediaKind, number>();
  private readonly timers = new Map<QueuedMediaKind, ReturnType<typeof setTimeout>>();
  private handlers: MediaDrainHandlers | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly outbox: MediaOutbox,
    private readonly send: MediaSender = sendMediaItem,
  ) {}

  /** The screen takes the outcomes from now on, and the drain runs; the returned call stops it. */
  attach(handlers: MediaDrainHandlers): () => void {
    this.handlers = handlers;
    if (!this.unsubscribe) {
      this.unsubscribe = this.outbox.subscribe(() => this.pump());
      window.addEventListener('online', this.onOnline);
    }
    this.pump();
    return () => {
      if (this.handlers !== handlers) return;
      this.handlers = null;
      this.unsubscribe?.();
      this.unsubscribe = null;
      window.removeEventListener('online', this.onOnline);
      for (const timer of this.timers.values()) clearTimeout(timer);
      this.timers.clear();
    };
  }

  private readonly onOnline = () => {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.attempts.clear();
    this.pump();
  };

  /** Starts the next send of each kind that is free to go. */
  pump(): void {
    if (!this.handlers || !isOnline()) return;
    for (const kind of QUEUED_MEDIA_KINDS) {
      if (this.sending.has(kind) || this.timers.has(kind)) continue;
      const item = this.outbox.list().find((i) => i.kind === kind);
      if (item) void this.run(item);
    }
  }

  private retryLater(kind: QueuedMediaKind) {
    const attempt = this.attempts.get(kind) ?? 0;
    this.attempts.set(kind, attempt + 1);
    this.timers.set(
      kind,
      setTimeout(() => {
        this.timers.delete(kind);
        this.pump();
      }, outboxRetryMs(attempt)),
    );
  }

  private async run(item: MediaOutboxItem) {
    this.sending.add(item.kind);
    try {
      const answer = await this.send(item);
      this.attempts.delete(item.kind);
      this.outbox.answer(item.key, answer);
      this.handlers?.answered(item, answer);
    } catch (error) {
      if (!this.outbox.has(item.key)) {
        // Cancelled while it was being sent: nothing more to do.
      } else if (isNetworkFailure(error) || isInProgress(error)) {
        this.retryLater(item.kind);
      } else {
        this.attempts.delete(item.kind);
        this.outbox.remove(item.key);
        this.handlers?.refused(item, error);
      }
    } finally {
      this.sending.delete(item.kind);
      this.pump();
    }
  }
}

let shared: MediaOutboxDrain | null = null;

export function chatMediaOutboxDrain(): MediaOutboxDrain {
  shared ??= new MediaOutboxDrain(chatMediaOutbox());
  return shared;
}
