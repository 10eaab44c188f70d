// The model host: a child process of the API that holds the GGUF model (node-llama-cpp) and writes
// replies for it (docs/architecture.md#the-local-model). A child process, not the API's own: the
// model's memory and llama.cpp's threads stay out of the API's heap and event loop, and a model file
// that makes llama.cpp abort takes down this process only.
import type {
  LlamaChatSession as LlamaChatSessionType,
  LlamaContext,
  LlamaContextSequence,
} from 'node-llama-cpp' with {
  'resolution-mode': 'import',
};
import { GenerationLine } from './generation-line';
import { historyOf } from './host-history';
import { type FromHost, type HostChatTurn, HOST_ENV, type ToHost } from './local-model-protocol';

type NodeLlamaCpp = typeof import('node-llama-cpp', { with: { 'resolution-mode': 'import' } });

// node-llama-cpp is an ES module; this file is CommonJS. A real dynamic import, which neither
// TypeScript nor SWC rewrites into require().
const importModule = new Function('specifier', 'return import(specifier)') as (
  specifier: string,
) => Promise<NodeLlamaCpp>;

/** node-llama-cpp's words when the prompt does not fit the context ("…due to a too long prompt…"). */
const TOO_LONG = /too long prompt|context size|context shift/i;

function send(message: FromHost): void {
  process.send?.(message);
}

function numberFrom(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

interface Request {
  turns: HostChatTurn[];
  maxTokens: number;
  controller: AbortController;
}

async function main(): Promise<void> {
  const modelPath = process.env[HOST_ENV.path];
  if (!modelPath) throw new Error(`${HOST_ENV.path} is not set`);
  const { getLlama, LlamaChatSession, LlamaLogLevel } = await importModule('node-llama-cpp');
  const loadErrors: string[] = [];
  const llama = await getLlama({
    gpu: false,
    // Prebuilt binaries only: never compile llama.cpp (or download its sources) on a user's machine.
    build: 'never',
    logLevel: LlamaLogLevel.warn,
    logger: (level, message) => {
      const text = message.trim();
      if (!text) return;
      const isError = level === LlamaLogLevel.error || level === LlamaLogLevel.fatal;
      if (isError) loadErrors.push(text);
      send({ type: 'log', level: isError ? 'error' : 'warn', message: text });
    },
  });
  const model = await llama.loadModel({ modelPath }).catch(async (error: unknown) => {
    // llama.cpp says why (a truncated file: "tensor … data is not within the file bounds") in its
    // log, a moment after the load is refused with a bare "Failed to load model".
    await new Promise((resolve) => setTimeout(resolve, 100));
    const reason = loadErrors.find((line) =>
      /error loading model|failed to read|corrupted|invalid/i.test(line),
    );
    throw new Error(
      reason
        ? `${error instanceof Error ? error.message : String(error)}: ${reason}`
        : String(error instanceof Error ? error.message : error),
    );
  });
  const parallel = numberFrom(HOST_ENV.parallel, 1);
  const context: LlamaContext = await model.createContext({
    contextSize: Math.min(numberFrom(HOST_ENV.contextSize, 4096), model.trainContextSize),
    sequences: parallel,
    threads: numberFrom(HOST_ENV.threads, 1),
  });

  // One sequence per slot, taken once and reused: a sequence given back to the context returns to
  // its pool only later (asynchronously), so the next reply would find none left. A reused sequence
  // also keeps the evaluated tokens its next reply shares (the system prompt's).
  const freeSequences: LlamaContextSequence[] = Array.from({ length: parallel }, () => context.getSequence());

  const requests = new Map<string, Request>();
  const line = new GenerationLine<Request>(
    parallel,
    numberFrom(HOST_ENV.queueMax, 50),
    (id, request) => void write(id, request),
    (id, ahead) => send({ type: 'queued', id, ahead }),
  );

  async function write(id: string, request: Request): Promise<void> {
    let session: LlamaChatSessionType | undefined;
    // The line starts a reply only when a slot is free: a sequence is always there.
    const sequence = freeSequences.pop() as LlamaContextSequence;
    try {
      if (request.controller.signal.aborted) return;
      session = new LlamaChatSession({ contextSequence: sequence, autoDisposeSequence: false });
      const { history, prompt } = historyOf(request.turns);
      session.setChatHistory(history);
      await session.promptWithMeta(prompt, {
        maxTokens: request.maxTokens,
        signal: request.controller.signal,
        stopOnAbortSignal: true,
        onTextChunk: (text) => {
          if (text) send({ type: 'text', id, text });
        },
      });
    } catch (error) {
      if (!request.controller.signal.aborted) {
        const detail = error instanceof Error ? error.message : String(error);
        send({ type: 'error', id, reason: TOO_LONG.test(detail) ? 'too-long' : 'failed', detail });
      }
    } finally {
      session?.dispose({ disposeSequence: false });
      freeSequences.push(sequence);
      requests.delete(id);
      send({ type: 'done', id });
      line.release();
    }
  }

  process.on('message', (message: ToHost) => {
    if (message.type === 'generate') {
      const request: Request = {
        turns: message.turns,
        maxTokens: message.maxTokens,
        controller: new AbortController(),
      };
      requests.set(message.id, request);
      if (!line.add(message.id, request)) {
        requests.delete(message.id);
        send({
          type: 'error',
          id: message.id,
          reason: 'busy',
          detail: 'the line of waiting replies is full',
        });
        send({ type: 'done', id: message.id });
      }
    } else if (message.type === 'abort') {
      const request = requests.get(message.id);
      if (!request) return;
      request.controller.abort();
      if (line.remove(message.id)) {
        requests.delete(message.id);
        send({ type: 'done', id: message.id });
      }
    }
  });
  // The API went away: nothing is left to write for.
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready', trainContextSize: model.trainContextSize, contextSize: context.contextSize });
}

main().catch((error: unknown) => {
  send({ type: 'load-failed', message: error instanceof Error ? error.message : String(error) });
  // Let the message reach the parent before the channel closes.
  setTimeout(() => process.exit(1), 100);
});
