import type { Response } from 'express';

/** A comment line every so often keeps proxies and phones from closing a quiet stream. */
export const KEEP_ALIVE_MS = 15_000;

/**
 * Starts a text/event-stream response. `no-transform` keeps the compression middleware (and
 * proxies) from buffering it; X-Accel-Buffering turns nginx's buffering off.
 */
export function openEventStream(response: Response): void {
  response.status(200);
  response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  response.setHeader('Cache-Control', 'no-cache, no-transform');
  response.setHeader('X-Accel-Buffering', 'no');
  response.setHeader('Connection', 'keep-alive');
  response.flushHeaders();
  response.socket?.setNoDelay(true);
}

/** One `data: {json}` line (a chat or population event); false when the client is gone. */
export function writeEvent(response: Response, event: object): boolean {
  if (response.writableEnded || response.destroyed) return false;
  response.write(`data: ${JSON.stringify(event)}\n\n`);
  return true;
}

/**
 * One event with an SSE `id:` line (resumable chat streams: the reply's offset after it, see
 * chatReplyStreamPath); the `data:` line is the same as writeEvent's. False when the client is gone.
 */
export function writeEventWithId(response: Response, id: number, event: object): boolean {
  if (response.writableEnded || response.destroyed) return false;
  response.write(`id: ${id}\ndata: ${JSON.stringify(event)}\n\n`);
  return true;
}

export function writeKeepAlive(response: Response): void {
  if (response.writableEnded || response.destroyed) return;
  response.write(': keep-alive\n\n');
}
