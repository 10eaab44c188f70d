/**
 * Whether an SSE response reached `data: [DONE]`.
 *
 * The SDK's stream iterator swallows [DONE] and also ends without an error when the body simply
 * closes, so a stream cut short by a proxy would look complete. Some servers never send a
 * finish_reason, so that cannot be the test either. This wraps fetch: every text/event-stream body
 * is passed through unchanged while its lines are watched for the [DONE] sentinel, and the
 * outcome is kept per Response (the same object the SDK hands back from `.withResponse()`).
 */
const tracked = new WeakMap<Response, { done: boolean }>();

const DONE_LINE = /^data:[ \t]*\[DONE\][ \t]*$/;

/** The SSE lines of a byte stream, as they complete (CR, LF or CRLF endings). */
export function createLineWatcher(onLine: (line: string) => void): {
  push(bytes: Uint8Array): void;
  end(): void;
} {
  const decoder = new TextDecoder();
  let pending = '';
  return {
    push: (bytes) => {
      pending += decoder.decode(bytes, { stream: true });
      const lines = pending.split(/\r\n|\r|\n/);
      // The last piece may be a partial line (or a CR whose LF is in the next chunk: an empty
      // line then appears, which is harmless).
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    },
    end: () => {
      const rest = decoder.decode() + pending;
      pending = '';
      if (rest !== '') onLine(rest);
    },
  };
}

/** A fetch that records, for each event-stream response, whether [DONE] came through. */
export function fetchTrackingSseDone(inner: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const type = response.headers.get('content-type') ?? '';
    if (!response.body || !response.ok || !type.includes('text/event-stream')) return response;
    const state = { done: false };
    const watcher = createLineWatcher((line) => {
      if (DONE_LINE.test(line)) state.done = true;
    });
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          if (!state.done) watcher.push(chunk);
          controller.enqueue(chunk);
        },
        flush() {
          if (!state.done) watcher.end();
        },
      }),
    );
    const watched = new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    tracked.set(watched, state);
    return watched;
  };
}

/** True when the stream of this response carried [DONE]; undefined when it was not watched. */
export function sawSseDone(response: Response): boolean | undefined {
  return tracked.get(response)?.done;
}
