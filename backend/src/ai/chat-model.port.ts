import type { ErrorCode } from '@kasa/contracts';

/**
 * The chat capability's port. Chat talks to this, never to a provider: configuration picks the
 * adapter at start (OpenAI-compatible server, or the offline advisor). Images, speech and
 * transcription get ports of the same shape in their own files later.
 */
export const CHAT_MODEL = Symbol('CHAT_MODEL');

export interface ChatModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatModelRequest {
  /** System prompt first, then the history that fits the token budget, the new user message last. */
  messages: ChatModelMessage[];
  /** The signed-in user (the offline advisor searches that user's own documents). */
  userId: string;
  /** Aborts the upstream request (Stop, shutdown). The stream then ends without an error. */
  signal: AbortSignal;
  /**
   * Knowledge rows the offline advisor's search leaves out (KnowledgeQuery.excludeIds), e.g. the
   * user message being answered right now. Ignored by real models.
   */
  knowledgeExcludeIds?: string[];
}

export interface ChatModel {
  /** 'openai-compatible' or 'offline': shown in logs and health, never to users as an error. */
  readonly engine: 'openai-compatible' | 'offline';
  /** The model's name as configured (CHAT_MODEL) or 'offline-advisor'. */
  readonly model: string;
  /** Streams the reply's text chunks. Throws ChatModelError on a provider failure. */
  stream(request: ChatModelRequest): AsyncIterable<string>;
}

export type ChatModelErrorKind =
  | 'rate_limited' // the provider's 429, after the retries
  | 'unavailable' // 5xx, connection refused or dropped
  | 'timeout' // no answer (or no next chunk) in time
  | 'unauthorized' // a bad or missing API key
  | 'bad_request'; // the provider refused the request (model name, context length...)

/** A failure as the chat shows it: English words and their stable code (libs/contracts ERROR_CODES). */
export interface ReadableFailure {
  code: ErrorCode;
  message: string;
}

/** A provider failure in words a user can read (the message and its code are sent to the chat). */
export class ChatModelError extends Error {
  override readonly name = 'ChatModelError';
  /** The stable code of the message: the UI shows its text in the user's language. */
  readonly code: ErrorCode;
  constructor(
    failure: ReadableFailure,
    /** What went wrong, for retries and logs. */
    readonly kind: ChatModelErrorKind,
    /** The provider's HTTP status, when there was one. */
    readonly status?: number,
  ) {
    super(failure.message);
    this.code = failure.code;
  }
}
