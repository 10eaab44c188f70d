import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
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
 * Chunks gathered per reply before a flush (one pipelined round trip for every reply). At 25 ms a
 * reply of 20 tokens/s still cost one XADD per chunk (about 8 µs of the server's CPU per chunk in
 * bench/chat-stream); 100 ms gathers two or more. Only a resume on another instance reads the
 * bus, and a tenth of a second there is unseen next to the reconnection itself.
 */
export const REDIS_FLUSH_INTERVAL_MS = 100;
/** A follower's XREAD blocks this long, then checks it was not closed. */
const BLOCK_MS = 5_000;

type StreamEntry = [id: string, fields: string[]];

/** A stream entry's fields: `o` the end offset, then `t` text or `f` the final event (JSON). */
function recordOf(fields: string[]): ReplyBusRecord | null {
  let endOffset = -1;
  let text: string | undefined;
  let final: ChatStreamEvent | undefined;
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const value = fields[i + 1];
    if (fields[i] === 'o') endOffset = Number(value);
    else if (fields[i] === 't') text = value;
    else if (fields[i] === 'f') final = JSON.parse(value) as ChatStreamEvent;
  }
  if (!Number.isInteger(endOffset) || endOffset < 0) return null;
  return final ? { endOffset, final } : { endOffset, text: text ?? '' };
}

/**
 * The reply bus on Redis: one stream per reply (`<prefix>:reply:<id>`), an entry per flushed
 * record (XADD), replayed and tailed with XREAD from the last entry seen, so replay and tail are
 * one cursor (no gap, no repeat). A stream expires an hour after it starts, five minutes after its
 * final event. Each follower blocks on a connection of its own (a resume is rare; publishing
 * shares one connection).
 */
export class RedisReplyBus implements ReplyBus {
  readonly backend = 'redis' as const;
  readonly flushIntervalMs = REDIS_FLUSH_INTERVAL_MS;
  private readonly logger = new Logger('ReplyBus');
  private readonly client: Redis;
  private readonly started = new Set<string>();
  private readonly followers = new Set<Redis>();

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.client = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
    this.client.on('error', (error: Error) => this.logger.warn(`Redis: ${error.message}`));
  }

  key(replyId: string): string {
    return `${this.prefix}:reply:${replyId}`;
  }

  async publish(batch: ReplyBusBatch[]): Promise<void> {
    const pipeline = this.client.pipeline();
    for (const { replyId, records } of batch) {
      const key = this.key(replyId);
      let finished = false;
      for (const record of records) {
        if (record.final) {
          pipeline.xadd(key, '*', 'o', String(record.endOffset), 'f', JSON.stringify(record.final));
          finished = true;
        } else {
          pipeline.xadd(key, '*', 'o', String(record.endOffset), 't', record.text ?? '');
        }
      }
      if (finished) {
        pipeline.pexpire(key, REPLY_BUS_KEEP_FINISHED_MS);
        this.started.delete(replyId);
      } else if (!this.started.has(replyId)) {
        // Once per reply: a writer that dies before its final event leaves nothing for ever.
        pipeline.pexpire(key, REPLY_BUS_KEEP_UNFINISHED_MS);
        this.started.add(replyId);
      }
    }
    const results = await pipeline.exec();
    const failed = results?.find(([error]) => error);
    if (failed?.[0]) throw failed[0];
  }

  async read(replyId: string): Promise<ReplyBusRecord[]> {
    const entries = (await this.client.xrange(this.key(replyId), '-', '+')) as StreamEntry[];
    return entries.map(([, fields]) => recordOf(fields)).filter((record) => record !== null);
  }

  async follow(
    replyId: string,
    onRecords: (records: ReplyBusRecord[]) => void,
    onError: (error: unknown) => void,
  ): Promise<ReplyBusFollow> {
    const key = this.key(replyId);
    const reader = this.client.duplicate({ lazyConnect: true, maxRetriesPerRequest: 2 });
    reader.on('error', () => undefined); // reported through onError by the loop below
    this.followers.add(reader);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      this.followers.delete(reader);
      reader.disconnect();
    };
    const deliver = (entries: StreamEntry[]): string | null => {
      const records: ReplyBusRecord[] = [];
      for (const [, fields] of entries) {
        const record = recordOf(fields);
        if (record) records.push(record);
      }
      if (records.length && !closed) onRecords(records);
      return entries.length ? entries[entries.length - 1][0] : null;
    };
    // Replay: everything stored so far, before the promise resolves.
    const stored = (await this.client.xrange(key, '-', '+')) as StreamEntry[];
    let lastId = deliver(stored) ?? '0-0';
    const tail = async () => {
      try {
        await reader.connect();
        while (!closed) {
          const answer = (await reader.xread('BLOCK', BLOCK_MS, 'STREAMS', key, lastId)) as Array<
            [string, StreamEntry[]]
          > | null;
          if (closed || !answer) continue;
          for (const [, entries] of answer) lastId = deliver(entries) ?? lastId;
        }
      } catch (error) {
        if (!closed) onError(error);
        close();
      }
    };
    void tail();
    return { close };
  }

  async close(): Promise<void> {
    for (const reader of this.followers) reader.disconnect();
    this.followers.clear();
    if (this.client.status === 'wait') return;
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
