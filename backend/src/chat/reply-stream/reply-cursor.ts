import type { ChatStreamEvent } from '@kasa/contracts';
import type { ReplyBusRecord } from './reply-bus.port';

export type CursorWriter = (event: ChatStreamEvent, offset: number) => void;

/**
 * Delivers a reply from an offset out of sources that overlap: the saved text (a prefix of the
 * reply, read from the database), and bus records (runs of text with their end offsets, maybe
 * starting before what was delivered, or after it when the bus lost some). Text is written only
 * from `delivered` on, so nothing repeats; a record past a gap waits until the database fills it,
 * so nothing is skipped. The final event goes once all the text before it is delivered.
 */
export class ReplyCursor {
  private readonly pending: ReplyBusRecord[] = [];
  private ended = false;

  constructor(
    public delivered: number,
    private readonly write: CursorWriter,
  ) {}

  get finished(): boolean {
    return this.ended;
  }

  /** True when records wait for text the bus did not bring (the database must fill it). */
  get hasGap(): boolean {
    return this.pending.length > 0;
  }

  /** The reply's text so far, from its start (saved progress or the finished reply). */
  offerPrefix(content: string): void {
    this.offerText(0, content);
    this.drain();
  }

  offerRecords(records: ReplyBusRecord[]): void {
    if (this.ended) return;
    this.pending.push(...records);
    this.drain();
  }

  /** The reply is over (read from the database): its whole text, then its final event. */
  finish(content: string, event: ChatStreamEvent): void {
    if (this.ended) return;
    this.offerText(0, content);
    this.pending.length = 0;
    this.end(event, Math.max(this.delivered, content.length));
  }

  private drain(): void {
    while (this.pending.length && !this.ended) {
      const record = this.pending[0];
      if (record.final) {
        if (this.delivered < record.endOffset) return;
        this.pending.length = 0;
        this.end(record.final, record.endOffset);
        return;
      }
      const text = record.text ?? '';
      if (!this.offerText(record.endOffset - text.length, text)) return;
      this.pending.shift();
    }
  }

  /** Writes what `text` (starting at `start`) adds past `delivered`; false when it starts after it. */
  private offerText(start: number, text: string): boolean {
    if (this.ended) return true;
    const end = start + text.length;
    if (end <= this.delivered) return true;
    if (start > this.delivered) return false;
    this.write({ content: text.slice(this.delivered - start) }, end);
    this.delivered = end;
    return true;
  }

  private end(event: ChatStreamEvent, offset: number): void {
    this.ended = true;
    this.write(event, offset);
  }
}
