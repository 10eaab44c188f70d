// The messages between the chat's LocalChatModel (in the API process) and its model host (a child
// process that holds the GGUF model: docs/architecture.md#the-local-model). Plain objects over
// Node's IPC channel.

/** One turn of the conversation as the host reads it (text only: a local model reads no images). */
export interface HostChatTurn {
  role: 'system' | 'user' | 'assistant';
  text: string;
}

export type ToHost =
  | { type: 'generate'; id: string; turns: HostChatTurn[]; maxTokens: number }
  /** Stop: a waiting request leaves the line, a running one stops at its next token. */
  | { type: 'abort'; id: string };

export type FromHost =
  | { type: 'ready'; trainContextSize: number; contextSize: number }
  /** The model could not be loaded: the server does not start. */
  | { type: 'load-failed'; message: string }
  /** The request waits: `ahead` replies are written or wait before it (GenerationLine). */
  | { type: 'queued'; id: string; ahead: number }
  | { type: 'text'; id: string; text: string }
  | { type: 'done'; id: string }
  /**
   * `busy`: the line is full; `too-long`: the conversation does not fit the model's context;
   * `failed`: generation went wrong. The host says why, for the log.
   */
  | { type: 'error'; id: string; reason: 'busy' | 'too-long' | 'failed'; detail: string }
  | { type: 'log'; level: 'error' | 'warn' | 'info'; message: string };

/** What the API passes in the environment (LocalModelConfig's values). */
export const HOST_ENV = {
  path: 'KASA_LOCAL_MODEL_PATH',
  contextSize: 'KASA_LOCAL_MODEL_CONTEXT',
  threads: 'KASA_LOCAL_MODEL_THREADS',
  parallel: 'KASA_LOCAL_MODEL_PARALLEL',
  queueMax: 'KASA_LOCAL_MODEL_QUEUE_MAX',
} as const;
