import type { ChatStreamEvent } from '@kasa/contracts';
import type { Response } from 'express';

/** A comment line every so often keeps proxies and phones from closing a quiet stream. */
export const KEEP_ALIVE_MS = 15_000;

/**
 * Starts a text/event-stream response. `no-transform` keeps the compression middleware (and
 * proxies) from buffering it; X-Accel-Buffering turns nginx's buffering off. The headers are sent
 * at once unless `firstEventNow` says an event is written in this same turn: they then leave with
 * it in one write (a burst of chat sends paid a socket write per send for the headers alone).
 */
export function openEventStream(response: Response, { firstEventNow = false } = {}): void {
  response.status(200);
  response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  response.setHeader('Cache-Control', 'no-cache, no-transform');
  response.setHeader('X-Accel-Buffering', 'no');
  response.setHeader('Connection', 'keep-alive');
  if (!firstEventNow) response.flushHeaders();
  response.socket?.setNoDelay(true);
}

/** One `data: {json}` line (a chat or population event); false when the client is gone. */
export function writeEvent(response: Response, event: object): boolean {
  if (response.writableEnded || response.destroyed) return false;
  response.write(`data: ${JSON.stringify(event)}\n\n`);
  return true;
}

export function writeKeepAlive(response: Response): void {
  if (response.writableEnded || response.destroyed) return;
  response.write(': keep-alive\n\n');
}

/**
 * An event stream's writer that batches: the events queued during one turn of the event loop go
 * out in ONE `response.write` (one chunk of the chunked encoding, one syscall) when the turn ends
 * (setImmediate), instead of a write per event. Every event keeps its own `id:` and `data:` lines,
 * as `id: <offset>\ndata: {json}\n\n`. While the client's socket is full (a slow phone: the
 * response's buffer is over its high-water mark), the content chunks that arrive are merged into
 * one `{content}` event with their joined text and the last offset (the SSE id stays "the offset
 * after this event", so a resume is unchanged), written when the socket drains: a slow network
 * gets fewer, larger events instead of a growing queue of tiny ones.
 *
 * One setImmediate serves every stream of the process; a chunk costs a string append.
 */
export class EventStreamWriter {
  /** Events serialized and not yet written. */
  private pending = '';
  /** A trailing content event that may still take more text (while the socket is full). */
  private openText: string | null = null;
  private openId = 0;
  private queued = false;
  private waitingForDrain = false;

  constructor(private readonly response: Response) {}

  get closed(): boolean {
    return this.response.writableEnded || this.response.destroyed;
  }

  /** Queues one event with its SSE id; false when the client is gone. */
  event(id: number, event: object): boolean {
    if (this.closed) return false;
    this.closeOpen();
    this.pending += `id: ${id}\ndata: ${JSON.stringify(event)}\n\n`;
    this.enqueue();
    return true;
  }

  /** Queues a `{content}` event (`id`: the offset after it); merged with the previous one while the socket is full. */
  content(id: number, text: string): boolean {
    if (this.closed) return false;
    if (this.openText !== null && this.waitingForDrain) {
      this.openText += text;
    } else {
      this.closeOpen();
      this.openText = text;
    }
    this.openId = id;
    this.enqueue();
    return true;
  }

  /** A chat stream event: content-only ones go through content() (mergeable), others through event(). */
  chatEvent(id: number, event: ChatStreamEvent): boolean {
    if (event.content !== undefined && isContentOnly(event)) return this.content(id, event.content);
    return this.event(id, event);
  }

  /** A comment line (keep-alive); skipped while events wait, which keep the stream alive anyway. */
  keepAlive(): void {
    if (this.closed || this.queued || this.waitingForDrain) return;
    this.response.write(': keep-alive\n\n');
  }

  /** Writes what is queued now (not waiting for the turn's end). */
  flush(): void {
    this.closeOpen();
    if (!this.pending || this.closed) {
      this.pending = '';
      return;
    }
    const data = this.pending;
    this.pending = '';
    if (!this.response.write(data) && !this.waitingForDrain) {
      this.waitingForDrain = true;
      this.response.once('drain', () => {
        this.waitingForDrain = false;
        if (!this.queued) this.flush();
      });
    }
  }

  /** Writes what is queued and ends the response. */
  end(): void {
    this.closeOpen();
    const data = this.pending;
    this.pending = '';
    if (this.response.writableEnded) return;
    if (data) this.response.end(data);
    else this.response.end();
  }

  private closeOpen(): void {
    if (this.openText === null) return;
    this.pending += `id: ${this.openId}\ndata: ${JSON.stringify({ content: this.openText })}\n\n`;
    this.openText = null;
  }

  private enqueue(): void {
    // While the socket is full, the 'drain' listener writes; nothing to schedule.
    if (this.queued || this.waitingForDrain) return;
    this.queued = true;
    dirtyWriters.push(this);
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flushDirtyWriters);
    }
  }

  /** Called by the shared flush at the end of the turn. */
  private static flushQueued(writer: EventStreamWriter): void {
    writer.queued = false;
    if (!writer.waitingForDrain) writer.flush();
  }

  static flushAll(writers: EventStreamWriter[]): void {
    for (const writer of writers) EventStreamWriter.flushQueued(writer);
  }
}

/** Writers with queued events, flushed once at the end of the event loop's turn. */
let dirtyWriters: EventStreamWriter[] = [];
let flushScheduled = false;

function flushDirtyWriters(): void {
  flushScheduled = false;
  const writers = dirtyWriters;
  dirtyWriters = [];
  EventStreamWriter.flushAll(writers);
}

function isContentOnly(event: object): boolean {
  for (const key in event) if (key !== 'content') return false;
  return true;
}
