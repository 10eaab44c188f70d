import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import type { ChatStreamEvent } from '@kasa/contracts';
import {
  REPLY_BUS_KEEP_FINISHED_MS,
  REPLY_BUS_KEEP_UNFINISHED_MS,
  type ReplyBus,
  type ReplyBusBatch,
  type ReplyBusFollow,
  type ReplyBusRecord,
} from './reply-bus.port';

/**
 * Chunks gathered before a flush on PostgreSQL: one multi-row INSERT per window for every reply
 * written here (at 1,000 replies of 20 tokens/s, five inserts a second instead of 20,000).
 */
export const POSTGRES_FLUSH_INTERVAL_MS = 200;
/** The NOTIFY channel that wakes followers after a flush. */
export const REPLY_CHANNEL = 'chat_reply_chunks';
/** A notification's payload (the flushed reply ids) must stay under PostgreSQL's 8,000 bytes. */
const MAX_PAYLOAD = 7_500;
/** How often finished replies' rows are deleted. */
export const CLEANUP_INTERVAL_MS = 60_000;

interface Row {
  seq: string;
  end_offset: number;
  text: string | null;
  final: ChatStreamEvent | null;
}

function recordOfRow(row: Row): ReplyBusRecord {
  return row.final
    ? { endOffset: row.end_offset, final: row.final }
    : { endOffset: row.end_offset, text: row.text ?? '' };
}

interface Follower {
  replyId: string;
  lastSeq: string;
  pulling: boolean;
  again: boolean;
  closed: boolean;
  onRecords(records: ReplyBusRecord[]): void;
  onError(error: unknown): void;
}

/**
 * The reply bus on PostgreSQL (no REDIS_URL): the `chat_reply_chunks` table holds each flushed
 * record with a sequence number; a flush inserts every reply's records in one statement that also
 * NOTIFYs the flushed reply ids. One LISTEN connection per instance (opened at the first resume)
 * wakes its followers, which read their reply's rows after the last sequence they saw. LISTEN is
 * on before the first read, so a record is read once, never missed. Rows go five minutes after
 * the final event (an hour when the writer died), by a cleanup every instance runs each minute.
 */
export class PostgresReplyBus implements ReplyBus {
  readonly backend = 'postgres' as const;
  readonly flushIntervalMs = POSTGRES_FLUSH_INTERVAL_MS;
  private readonly logger = new Logger('ReplyBus');
  private readonly followers = new Map<string, Set<Follower>>();
  private listener: Promise<Client> | null = null;
  private cleanupTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly databaseUrl: string,
  ) {}

  start(): void {
    this.cleanupTimer = setInterval(() => void this.cleanup(), CLEANUP_INTERVAL_MS);
    this.cleanupTimer.unref();
  }

  async publish(batch: ReplyBusBatch[]): Promise<void> {
    const ids: string[] = [];
    const offsets: number[] = [];
    const texts: Array<string | null> = [];
    const finals: Array<string | null> = [];
    const flushed = new Set<string>();
    for (const { replyId, records } of batch) {
      flushed.add(replyId);
      for (const record of records) {
        ids.push(replyId);
        offsets.push(record.endOffset);
        texts.push(record.final ? null : (record.text ?? ''));
        finals.push(record.final ? JSON.stringify(record.final) : null);
      }
    }
    if (!ids.length) return;
    let payload = [...flushed].join(',');
    if (payload.length > MAX_PAYLOAD) payload = '*';
    // WITH ORDINALITY keeps the batch's order in the sequence numbers.
    await this.dataSource.query(
      `WITH "inserted" AS (
         INSERT INTO "chat_reply_chunks" ("reply_id", "end_offset", "text", "final")
         SELECT "r", "o", "t", "f"::jsonb
           FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[]) WITH ORDINALITY AS "b"("r", "o", "t", "f", "n")
          ORDER BY "n"
         RETURNING 1)
       SELECT pg_notify($5, $6), (SELECT count(*) FROM "inserted") AS "count"`,
      [ids, offsets, texts, finals, REPLY_CHANNEL, payload],
    );
  }

  async read(replyId: string): Promise<ReplyBusRecord[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT "seq"::text AS "seq", "end_offset", "text", "final" FROM "chat_reply_chunks"
        WHERE "reply_id" = $1 ORDER BY "seq"`,
      [replyId],
    );
    return rows.map(recordOfRow);
  }

  async follow(
    replyId: string,
    onRecords: (records: ReplyBusRecord[]) => void,
    onError: (error: unknown) => void,
  ): Promise<ReplyBusFollow> {
    await this.listen();
    const follower: Follower = {
      replyId,
      lastSeq: '0',
      pulling: false,
      again: false,
      closed: false,
      onRecords,
      onError,
    };
    const set = this.followers.get(replyId) ?? new Set<Follower>();
    set.add(follower);
    this.followers.set(replyId, set);
    const close = () => {
      follower.closed = true;
      set.delete(follower);
      if (!set.size && this.followers.get(replyId) === set) this.followers.delete(replyId);
    };
    try {
      await this.pull(follower);
    } catch (error) {
      close();
      throw error;
    }
    return { close };
  }

  /** Deletes the rows of replies finished a while ago, and of replies whose writer died. */
  async cleanup(): Promise<number> {
    try {
      const result: [unknown, number] = await this.dataSource.query(
        `DELETE FROM "chat_reply_chunks"
          WHERE "reply_id" IN (SELECT "reply_id" FROM "chat_reply_chunks"
                                WHERE "final" IS NOT NULL AND "created_at" < now() - $1::interval)
             OR "created_at" < now() - $2::interval`,
        [`${REPLY_BUS_KEEP_FINISHED_MS} milliseconds`, `${REPLY_BUS_KEEP_UNFINISHED_MS} milliseconds`],
      );
      return result[1] ?? 0;
    } catch (error) {
      this.logger.warn(
        `Deleting old reply chunks failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return 0;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.cleanupTimer) clearInterval(this.cleanupTimer);
    this.cleanupTimer = null;
    this.followers.clear();
    const listener = this.listener;
    this.listener = null;
    if (listener) await listener.then((client) => client.end()).catch(() => undefined);
  }

  /** The instance's LISTEN connection, opened once; a broken one fails its followers and is reopened next time. */
  private listen(): Promise<Client> {
    if (this.listener) return this.listener;
    const client = new Client({ connectionString: this.databaseUrl, application_name: 'kasa-reply-bus' });
    const opening = (async () => {
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel !== REPLY_CHANNEL) return;
        this.wake(message.payload === '*' || !message.payload ? null : message.payload.split(','));
      });
      client.on('error', (error) => this.dropListener(client, error));
      client.on('end', () => this.dropListener(client, new Error('The LISTEN connection ended.')));
      await client.query(`LISTEN ${REPLY_CHANNEL}`);
      return client;
    })();
    this.listener = opening;
    opening.catch(() => {
      if (this.listener === opening) this.listener = null;
      void client.end().catch(() => undefined);
    });
    return opening;
  }

  private dropListener(client: Client, error: unknown): void {
    if (this.closed) return;
    this.listener = null;
    void client.end().catch(() => undefined);
    for (const set of this.followers.values())
      for (const follower of set) {
        follower.closed = true;
        follower.onError(error);
      }
    this.followers.clear();
  }

  private wake(replyIds: string[] | null): void {
    const sets = replyIds
      ? replyIds.map((id) => this.followers.get(id)).filter((set) => set !== undefined)
      : [...this.followers.values()];
    for (const set of sets)
      for (const follower of set)
        this.pull(follower).catch((error: unknown) => {
          if (follower.closed) return;
          follower.closed = true;
          follower.onError(error);
        });
  }

  /** Reads the follower's new rows; a wake-up during a read makes it read again after. */
  private async pull(follower: Follower): Promise<void> {
    if (follower.pulling) {
      follower.again = true;
      return;
    }
    follower.pulling = true;
    try {
      do {
        follower.again = false;
        const rows: Row[] = await this.dataSource.query(
          `SELECT "seq"::text AS "seq", "end_offset", "text", "final" FROM "chat_reply_chunks"
            WHERE "reply_id" = $1 AND "seq" > $2::bigint ORDER BY "seq"`,
          [follower.replyId, follower.lastSeq],
        );
        if (follower.closed || !rows.length) continue;
        follower.lastSeq = rows[rows.length - 1].seq;
        follower.onRecords(rows.map(recordOfRow));
      } while (follower.again && !follower.closed);
    } finally {
      follower.pulling = false;
    }
  }
}
