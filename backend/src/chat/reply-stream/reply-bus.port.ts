import type { ChatStreamEvent } from '@kasa/contracts';

/**
 * One record of a reply on the bus: a run of text ending at `endOffset` (UTF-16 units of the
 * whole reply), or the final event (`final`, with the reply's last offset). Records of a reply are
 * stored in order, by the one instance that writes it.
 */
export interface ReplyBusRecord {
  endOffset: number;
  text?: string;
  final?: ChatStreamEvent;
}

/** What one flush publishes: records of several replies, in one round trip. */
export interface ReplyBusBatch {
  replyId: string;
  records: ReplyBusRecord[];
}

/** A follow under way: `close` stops it (idempotent). */
export interface ReplyBusFollow {
  close(): void;
}

/**
 * How instances share replies being written (resumable replies): the instance writing a
 * reply publishes its records; any instance can replay them and follow the live ones. Redis
 * (REDIS_URL) or PostgreSQL, picked like the job queue.
 */
export interface ReplyBus {
  readonly backend: 'redis' | 'postgres';
  /** How long the publisher gathers chunks before a flush: a burst costs one round trip. */
  readonly flushIntervalMs: number;
  /** Stores the batch and wakes followers; rejects on a datastore failure (the caller logs it). */
  publish(batch: ReplyBusBatch[]): Promise<void>;
  /**
   * Every record of the reply stored so far, then the new ones as they come, each exactly once
   * and in order (`onRecords` is never called concurrently). Resolves once the stored records
   * were delivered. `onError`: the follow broke (the caller falls back on the database).
   */
  follow(
    replyId: string,
    onRecords: (records: ReplyBusRecord[]) => void,
    onError: (error: unknown) => void,
  ): Promise<ReplyBusFollow>;
  /**
   * Every record of the reply stored so far, in order (what another instance saves when the
   * reply's writer died: docs/operations.md#replies-whose-writer-stops).
   */
  read(replyId: string): Promise<ReplyBusRecord[]>;
  /** Starts background work (PostgreSQL: the cleanup of old rows), once the app is up. */
  start?(): void;
  close(): Promise<void>;
}

export const REPLY_BUS = Symbol('REPLY_BUS');

/** How long a finished reply stays on the bus (a phone reconnecting after a tunnel). */
export const REPLY_BUS_KEEP_FINISHED_MS = 5 * 60_000;
/** Longest a reply stays on the bus when its writer died before the final event. */
export const REPLY_BUS_KEEP_UNFINISHED_MS = 60 * 60_000;
