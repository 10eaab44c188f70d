import type { ChatStreamEvent } from '@kasa/contracts';
import type { ReplyBusBatch, ReplyBusRecord } from './reply-bus.port';

/** One reply's records waiting for the next flush. */
export class PendingReply {
  /** Text gathered since the last flush, ending at `endOffset`. */
  text = '';
  endOffset = 0;
  final: ChatStreamEvent | null = null;
  queued = false;

  constructor(readonly replyId: string) {}

  take(): ReplyBusBatch {
    const records: ReplyBusRecord[] = [];
    if (this.text) records.push({ endOffset: this.endOffset, text: this.text });
    if (this.final) records.push({ endOffset: this.endOffset, final: this.final });
    this.text = '';
    this.final = null;
    this.queued = false;
    return { replyId: this.replyId, records };
  }
}

export interface ReplyPublisherOptions {
  flushIntervalMs: number;
  publish(batch: ReplyBusBatch[]): Promise<void>;
  onError(error: unknown): void;
}

/**
 * Coalesces the chunks of every reply written here into few bus writes: chunks of one reply
 * arriving within the window become one record, and all replies' records go out in one batch (one
 * pipelined round trip). A chunk costs a string append; one timer serves all replies. Flushes run
 * one at a time, so a reply's records reach the bus in order. The final event is flushed at once.
 * A failed flush is reported and dropped: the reply itself (its POST stream, its saved row) never
 * waits on the bus, and a follower that finds a gap fills it from the database.
 */
export class ReplyPublisher {
  private queue: PendingReply[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private urgent = false;

  constructor(private readonly options: ReplyPublisherOptions) {}

  open(replyId: string): PendingReply {
    return new PendingReply(replyId);
  }

  chunk(reply: PendingReply, text: string, endOffset: number): void {
    reply.text += text;
    reply.endOffset = endOffset;
    this.enqueue(reply);
  }

  finish(reply: PendingReply, event: ChatStreamEvent, endOffset: number): void {
    reply.final = event;
    reply.endOffset = endOffset;
    this.urgent = true;
    this.enqueue(reply);
  }

  /** Resolves when everything queued so far is published (or failed). */
  async drain(): Promise<void> {
    while (this.queue.length || this.flushing) {
      if (this.flushing) await this.flushing;
      else await this.flush();
    }
  }

  /** Stops the timer; what is queued is dropped unless drained first. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private enqueue(reply: PendingReply): void {
    if (!reply.queued) {
      reply.queued = true;
      this.queue.push(reply);
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.flushing) return; // the running flush schedules the next one
    if (this.urgent) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      void this.flush();
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.options.flushIntervalMs);
    this.timer.unref();
  }

  private flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    const queue = this.queue;
    this.queue = [];
    this.urgent = false;
    if (!queue.length) return Promise.resolve();
    const batch = queue.map((reply) => reply.take());
    this.flushing = this.options
      .publish(batch)
      .catch((error: unknown) => this.options.onError(error))
      .finally(() => {
        this.flushing = null;
        if (this.queue.length) this.schedule();
      });
    return this.flushing;
  }
}
