// Chats sent to the adapter at once, timed as the API sees them: sent → first text chunk → end.
import { performance } from 'node:perf_hooks';

/**
 * Streams one reply per question, all sent in the same tick. Each result: its question, `sentAt`,
 * `firstChunkAt`, `lastChunkAt`, `endAt` (performance.now() ms), the reply's `text` and `chunks`,
 * `queuedAt` (the first call of its waiting callback, when it waited in the line), `startedAt` (when it left the
 * line: see startsInLine) and `error` (the message, when the stream threw).
 */
export async function chatBatch(model, systemPrompt, questions) {
  const results = questions.map((question) => ({ question, text: '', chunks: 0 }));
  await Promise.all(
    results.map(async (result) => {
      const request = {
        messages: [
          { role: 'system', content: systemPrompt },
          { role: 'user', content: result.question },
        ],
        userId: 'bench',
        signal: new AbortController().signal,
      };
      // Called when the reply has to wait in the model's line (ChatModelRequest.onWaiting).
      request.onWaiting = () => (result.queuedAt ??= performance.now());
      result.sentAt = performance.now();
      try {
        for await (const chunk of model.stream(request)) {
          const now = performance.now();
          result.firstChunkAt ??= now;
          result.lastChunkAt = now;
          result.text += chunk;
          result.chunks += 1;
        }
      } catch (error) {
        result.error = error instanceof Error ? error.message : String(error);
      }
      result.endAt = performance.now();
    }),
  );
  startsInLine(results);
  return results;
}

/**
 * The host does not say when a waiting reply starts, but its line is first in, first out and each
 * reply that ends starts exactly one waiting reply: the n-th reply that waited starts when the
 * n-th reply of the batch ends. Replies that never waited start when they are sent.
 */
function startsInLine(results) {
  const ends = results.map((result) => result.endAt).sort((a, b) => a - b);
  const waited = results
    .filter((result) => result.queuedAt !== undefined)
    .sort((a, b) => a.queuedAt - b.queuedAt);
  for (const result of results) result.startedAt = result.sentAt;
  waited.forEach((result, n) => (result.startedAt = ends[n]));
}
