// The media outbox: an image generation or a voice transcription asked for offline, or
// whose request failed for lack of network, waits here (IndexedDB, recordings kept as Blobs) until
// it can be sent, with one Idempotency-Key for all its tries: the server draws or transcribes it
// once. Like the text outbox it belongs to one user and is cleared at sign-out. What the server
// answered is kept in memory for the page's life, so an open Quick AI action can show it.
import type { MediaGenerationResult, QueuedMediaKind, TranscriptionResult } from '@kasa/contracts';
import type { KeyValueStore } from './idb-store';
import { announceMediaQueued, mediaOutboxStore, registerMediaOutboxClear } from './media-outbox-signal';
import { newKey } from './outbox';

export interface MediaOutboxItem {
  /** The Idempotency-Key it is sent with, every time. */
  key: string;
  userId: string;
  kind: QueuedMediaKind;
  /** The conversation the result joins, if any. */
  conversationId: string | null;
  /** Else the conversation it starts: the new chat's id (quick-actions/new-chat-conversation.ts). */
  newConversationId?: string | null;
  /** An image's prompt. */
  prompt?: string;
  /** A transcription's recording or file, and its name. */
  audio?: Blob;
  fileName?: string;
  createdAt: string;
  seq: number;
}

export type MediaOutboxResult =
  { kind: 'image'; result: MediaGenerationResult } | { kind: 'transcription'; result: TranscriptionResult };

/**
 * At most this much audio waits on the device: a phone's storage is small, and a slow network
 * takes long to send more (an hour of the recorder's 16 kHz mono WAV is about 115 MB).
 */
export const MEDIA_OUTBOX_AUDIO_CAP_BYTES = 25 * 1024 * 1024;

/** Queueing this audio would pass MEDIA_OUTBOX_AUDIO_CAP_BYTES: nothing was queued. */
export class MediaOutboxFullError extends Error {
  override readonly name = 'MediaOutboxFullError';
  constructor() {
    super('The media outbox is full');
  }
}

const byAge = (a: MediaOutboxItem, b: MediaOutboxItem) =>
  a.createdAt === b.createdAt ? a.seq - b.seq : a.createdAt < b.createdAt ? -1 : 1;

export class MediaOutbox {
  private items: readonly MediaOutboxItem[] = [];
  private results: ReadonlyMap<string, MediaOutboxResult> = new Map();
  private readonly listeners = new Set<() => void>();
  private userId: string | null = null;
  private loading: Promise<void> | null = null;
  private seq = 0;

  constructor(private readonly store: KeyValueStore<MediaOutboxItem>) {}

  /** The waiting requests of the signed-in user, oldest first (a stable array between changes). */
  readonly list = (): readonly MediaOutboxItem[] => this.items;

  /** What the server answered for the requests sent from here, by key (a stable map between changes). */
  readonly answered = (): ReadonlyMap<string, MediaOutboxResult> => this.results;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private notify() {
    for (const listener of this.listeners) listener();
  }

  private set(items: readonly MediaOutboxItem[]) {
    this.items = items;
    this.notify();
  }

  /** Reads what waits for `userId` (once per user); another user's requests are deleted, never sent. */
  load(userId: string): Promise<void> {
    if (this.userId === userId && this.loading) return this.loading;
    if (this.userId !== userId) {
      this.results = new Map();
      this.set(this.items.filter((i) => i.userId === userId));
    }
    this.userId = userId;
    this.loading = this.store
      .entries()
      .then(async (entries) => {
        if (this.userId !== userId) return;
        const mine: MediaOutboxItem[] = [];
        for (const [key, item] of entries) {
          if (item?.userId === userId) mine.push(item);
          else await this.store.delete(key);
        }
        const known = new Set(this.items.map((i) => i.key));
        const merged = [...this.items, ...mine.filter((i) => !known.has(i.key))].sort(byAge);
        this.seq = Math.max(this.seq, ...merged.map((i) => i.seq));
        this.set(merged);
      })
      .catch(() => undefined);
    return this.loading;
  }

  /** The audio bytes waiting now. */
  audioBytes(): number {
    return this.items.reduce((sum, item) => sum + (item.audio?.size ?? 0), 0);
  }

  /**
   * Queues a request under `key` (the one its first, failed, try was sent with) or a new one. Throws
   * MediaOutboxFullError, queueing nothing, when its audio would pass the cap. Call load first.
   */
  add(
    fields: Pick<
      MediaOutboxItem,
      'kind' | 'conversationId' | 'newConversationId' | 'prompt' | 'audio' | 'fileName'
    >,
    key: string = newKey(),
  ): MediaOutboxItem {
    if (fields.audio && this.audioBytes() + fields.audio.size > MEDIA_OUTBOX_AUDIO_CAP_BYTES)
      throw new MediaOutboxFullError();
    const item: MediaOutboxItem = {
      ...fields,
      key,
      userId: this.userId ?? '',
      createdAt: new Date().toISOString(),
      seq: ++this.seq,
    };
    this.set([...this.items.filter((i) => i.key !== key), item]);
    void this.store.set(item.key, item).catch(() => undefined);
    announceMediaQueued();
    return item;
  }

  has(key: string): boolean {
    return this.items.some((i) => i.key === key);
  }

  /** Cancel, or the server refused it: it is not sent (again). */
  remove(key: string): void {
    if (!this.has(key)) return;
    this.set(this.items.filter((i) => i.key !== key));
    void this.store.delete(key).catch(() => undefined);
  }

  /** The server answered: the request leaves the outbox and its answer is kept for the page's life. */
  answer(key: string, answer: MediaOutboxResult): void {
    this.results = new Map(this.results).set(key, answer);
    if (this.has(key)) this.remove(key);
    else this.notify();
  }

  /** Sign-out: nothing of the old session stays. */
  async clear(): Promise<void> {
    this.userId = null;
    this.loading = null;
    this.results = new Map();
    this.set([]);
    await this.store.clear().catch(() => undefined);
  }
}

let shared: MediaOutbox | null = null;

/** The page's media outbox (one per page, like the text outbox). */
export function chatMediaOutbox(): MediaOutbox {
  if (!shared) {
    const outbox = new MediaOutbox(mediaOutboxStore<MediaOutboxItem>());
    registerMediaOutboxClear(() => outbox.clear());
    shared = outbox;
  }
  return shared;
}
