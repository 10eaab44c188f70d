// jsdom lacks the Streams API that a streamed fetch body uses: Node's own.
import { ReadableStream } from 'node:stream/web';

if (typeof globalThis.ReadableStream === 'undefined') {
  Object.assign(globalThis, { ReadableStream });
}
