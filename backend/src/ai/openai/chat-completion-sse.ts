import { APIError } from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';

/**
 * Reads a chat-completions event stream (`data: {chunk}` events, then `data: [DONE]`) straight
 * from the response body. The SDK sends the request (auth, headers, HTTP errors); this replaces its
 * stream iterator, which went through several generator layers per chunk and could not say whether
 * [DONE] arrived (a stream cut short by a proxy looked complete). At a thousand concurrent replies
 * the per-chunk cost is what users feel as latency.
 *
 * SSE as the HTML standard defines it: CR, LF or CRLF line endings; an event's `data:` lines are joined with
 * '\n' and dispatched at a blank line (or at the end of the body); comment lines (`: ...`, as
 * OpenRouter sends) and other fields are ignored. An `{error}` event (vLLM, OpenRouter send these
 * mid-stream) is thrown as the SDK's APIError, as the SDK itself would.
 */
export async function* readChatCompletionStream(
  body: ReadableStream<Uint8Array>,
  headers?: Headers,
): AsyncGenerator<ChatCompletionChunk, { sawDone: boolean }, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  let sawDone = false;

  // Returns the chunk an event carries (undefined for [DONE] or an empty event).
  const dispatch = (): ChatCompletionChunk | undefined => {
    if (!data.length) return undefined;
    const text = data.join('\n');
    data = [];
    if (text.trim() === '[DONE]') {
      sawDone = true;
      return undefined;
    }
    const parsed = JSON.parse(text) as ChatCompletionChunk & { error?: unknown };
    if (parsed && typeof parsed === 'object' && parsed.error) {
      throw new APIError(undefined, parsed.error as object, undefined, headers ?? new Headers());
    }
    return parsed;
  };

  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let start = 0;
      for (;;) {
        const lf = buffer.indexOf('\n', start);
        const cr = buffer.indexOf('\r', start);
        // A CR at the very end may be the first half of a CRLF: wait for the next bytes.
        if (lf < 0 && (cr < 0 || cr === buffer.length - 1)) break;
        const end = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
        const line = buffer.slice(start, end);
        start = end + (buffer[end] === '\r' && buffer[end + 1] === '\n' ? 2 : 1);
        if (line === '') {
          const chunk = dispatch();
          if (chunk) yield chunk;
          if (sawDone) return { sawDone };
        } else if (line.startsWith('data:')) {
          data.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
        }
      }
      buffer = buffer.slice(start);
    }
    const rest = (buffer + decoder.decode()).replace(/\r$/, '');
    if (rest.startsWith('data:')) data.push(rest.charCodeAt(5) === 32 ? rest.slice(6) : rest.slice(5));
    const last = dispatch();
    if (last) yield last;
    return { sawDone };
  } finally {
    // Stopped early (the consumer broke off) or done: release the body.
    reader.cancel().catch(() => undefined);
  }
}
