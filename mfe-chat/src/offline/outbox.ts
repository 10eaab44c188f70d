// The outbox: every message is kept here, in IndexedDB, from the moment it is written
// until the server has taken it (its first stream event). A message written offline, or whose POST
// failed before the server answered, waits here across reloads and is sent again, in order, with
// the same idempotency key: the server then creates it once, however many times it was tried.
// A spoken message (docs/product.md#voice) waits here too, in the same order: its recording is
// kept as a Blob (IndexedDB stores values by structured clone, which keeps Blobs; nothing here
// turns an item into JSON).
import type { SpeechLanguageHint } from '@kasa/contracts';
import type { DraftAttachment } from '../shared/attachments/draft-attachment';
import { createStore, OUTBOX_STORE, type KeyValueStore } from './idb-store';

/**
 * A recording as the outbox keeps it: voice/voice-turn.ts VoiceRecording, spelled out here because
 * offline/ sits below the features (eslint layer rule); the two stay assignable to each other.
 */
export interface OutboxRecording {
  audio: Blob;
  mimeType: string;
  durationMs: number;
}

/** A spoken turn waiting to be sent (POST VOICE_TURNS_PATH instead of POST /api/chat). */
export interface OutboxVoice {
  /** A new recording (its Blob, stored as it is). */
  recording?: OutboxRecording;
  /** Or a recording the server already has (transcribed again, or answered with `message`). */
  recordingId?: string;
  /** With `recordingId`: the text to answer (a corrected transcription). */
  message?: string;
  language: SpeechLanguageHint;
}

export interface OutboxItem {
  /** The Idempotency-Key it is sent with, every time (crypto.randomUUID). */
  key: string;
  /** Whose message it is: another user signing in on this browser never sends it. */
  userId: string;
  /** The conversation, or 'new:<uuid>' for a new chat the server has not named yet. */
  thread: string;
  conversationId: string | null;
  /** The text sent; a spoken message's is '' until it is transcribed (or its corrected text). */
  message: string;
  attachments?: DraftAttachment[];
  /** A spoken message: what VOICE_TURNS_PATH is sent. */
  voice?: OutboxVoice;
  /**
   * An edited message: where its new branch starts (SendChatRequest.parentMessageId: the parent
   * of the message it replaces, CHAT_ROOT_PARENT_ID from the start). Unset: a usual send.
   */
  parentMessageId?: string;
  /** The chat model it is sent to (SendChatRequest.model); unset: the conversation's. */
  model?: string;
  createdAt: string;
  /** The order it was written in. */
  seq: number;
}

export const NEW_THREAD_PREFIX = 'new:';

/** A message whose POST failed before the server answered is tried again after 1 s, 2 s, 4 s, … 30 s (and at 'online'). */
export function outboxRetryMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** attempt);
}

/** A random UUID (crypto.randomUUID needs a secure context: the fallback keeps plain-HTTP dev working). */
export function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Object URLs die with the page: a thumbnail kept for after a reload must not point at one. */
function storable(item: OutboxItem): OutboxItem {
  if (!item.attachments?.some((a) => a.previewUrl?.startsWith('blob:'))) return item;
  return {
    ...item,
    attachments: item.attachments.map((a) =>
      a.previewUrl?.startsWith('blob:') ? { ...a, previewUrl: null } : a,
    ),
  };
}

export class Outbox {
  private items: readonly OutboxItem[] = [];
  private readonly listeners = new Set<() => void>();
  private userId: string | null = null;
  private loading: Promise<void> | null = null;
  private seq = 0;

  constructor(private readonly store: KeyValueStore<OutboxItem>) {}

  /** The waiting messages of the signed-in user, oldest first (a stable array between changes). */
  readonly list = (): readonly OutboxItem[] => this.items;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(items: readonly OutboxItem[]) {
    this.items = items;
    for (const listener of this.listeners) listener();
  }

  /**
   * Reads what waits for `userId` (once per user); another user's messages are deleted, never sent
   * nor shown.
   */
  load(userId: string): Promise<void> {
    if (this.userId === userId && this.loading) return this.loading;
    if (this.userId !== userId) this.set(this.items.filter((i) => i.userId === userId));
    this.userId = userId;
    this.loading = this.store
      .entries()
      .then(async (entries) => {
        if (this.userId !== userId) return;
        const mine: OutboxItem[] = [];
        for (const [key, item] of entries) {
          if (item?.userId === userId) mine.push(item);
          else await this.store.delete(key);
        }
        const known = new Set(this.items.map((i) => i.key));
        const merged = [...this.items, ...mine.filter((i) => !known.has(i.key))].sort((a, b) =>
          a.createdAt === b.createdAt ? a.seq - b.seq : a.createdAt < b.createdAt ? -1 : 1,
        );
        this.seq = Math.max(this.seq, ...merged.map((i) => i.seq));
        this.set(merged);
      })
      .catch(() => undefined);
    return this.loading;
  }

  add(
    fields: Pick<
      OutboxItem,
      'thread' | 'conversationId' | 'message' | 'attachments' | 'parentMessageId' | 'model' | 'voice'
    >,
  ): OutboxItem {
    const item: OutboxItem = {
      ...fields,
      key: newKey(),
      userId: this.userId ?? '',
      createdAt: new Date().toISOString(),
      seq: ++this.seq,
    };
    this.set([...this.items, item]);
    void this.store.set(item.key, storable(item)).catch(() => undefined);
    return item;
  }

  has(key: string): boolean {
    return this.items.some((i) => i.key === key);
  }

  remove(key: string): void {
    if (!this.has(key)) return;
    this.set(this.items.filter((i) => i.key !== key));
    void this.store.delete(key).catch(() => undefined);
  }

  /** The server named the new chat: the messages written after the first one go to it too. */
  retarget(thread: string, conversationId: string): void {
    if (!this.items.some((i) => i.thread === thread)) return;
    const next = this.items.map((i) =>
      i.thread === thread ? { ...i, thread: conversationId, conversationId } : i,
    );
    this.set(next);
    for (const item of next)
      if (item.thread === conversationId)
        void this.store.set(item.key, storable(item)).catch(() => undefined);
  }

  /** Sign-out: nothing of the old session stays. */
  async clear(): Promise<void> {
    this.userId = null;
    this.loading = null;
    this.set([]);
    await this.store.clear().catch(() => undefined);
  }
}

let shared: Outbox | null = null;

/** The page's outbox (one per page: every chat screen and tab of it shares it). */
export function chatOutbox(): Outbox {
  shared ??= new Outbox(createStore<OutboxItem>(OUTBOX_STORE));
  return shared;
}
