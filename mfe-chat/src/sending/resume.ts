// Resumable replies: a reply whose stream was cut before its final event is followed
// again from where it stopped (GET chatReplyStreamPath with Last-Event-ID), not polled.
import { ApiError } from '@kasa/api-client';
import { sleep, waitForOnline } from '../shared/network';

/** Waits before the n-th reattach (0-based): 0.5 s, 1 s, 2 s, 4 s, … at most 15 s. */
export function resumeDelayMs(attempt: number): number {
  return Math.min(15_000, 500 * 2 ** attempt);
}

/** How many reattaches in a row before the screen falls back to reading the saved conversation. */
export const RESUME_ATTEMPTS = 8;

export interface ReattachOptions {
  /** One reattach from the last id; resolves when that stream ends, rejects when it fails. */
  attach: (lastEventId: string | null, signal: AbortSignal) => Promise<void>;
  /** The id of the last event received so far (the reply's text offset). */
  lastEventId: () => string | null;
  /** The final event ({done} / {error}) arrived. */
  finished: () => boolean;
  signal: AbortSignal;
  attempts?: number;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  online?: (signal: AbortSignal) => Promise<void>;
}

/**
 * Reattaches until the reply's final event arrives: offline it first waits for the 'online' event,
 * then tries with backoff. A stream that ends without its final event, or a connection that fails,
 * counts as one attempt; an attempt that brought new events starts the count again. Resolves true
 * when the reply finished, false when it gave up (the server no longer knows the reply, a refusal,
 * too many attempts, or `signal` aborted).
 */
export async function reattach(options: ReattachOptions): Promise<boolean> {
  const { attach, lastEventId, finished, signal } = options;
  const attempts = options.attempts ?? RESUME_ATTEMPTS;
  const wait = options.wait ?? sleep;
  const online = options.online ?? waitForOnline;
  let failures = 0;
  while (!finished() && !signal.aborted && failures < attempts) {
    await online(signal);
    if (signal.aborted) break;
    const before = lastEventId();
    try {
      await attach(before, signal);
    } catch (error) {
      // The server answered no (404: not this user's reply, or gone): there is nothing to follow.
      if (error instanceof ApiError && error.status < 500 && error.status !== 429) return false;
    }
    if (finished()) return true;
    if (signal.aborted) break;
    failures = lastEventId() !== before ? 0 : failures + 1;
    if (failures >= attempts) break;
    await wait(resumeDelayMs(failures), signal);
  }
  return finished();
}
