import type { ErrorCode } from '@kasa/contracts';

/**
 * The chat capability's port. Chat talks to this, never to a provider: configuration picks the
 * adapter at start (OpenAI-compatible server, or the offline advisor). Images, speech and
 * transcription get ports of the same shape in their own files later.
 */
export const CHAT_MODEL = Symbol('CHAT_MODEL');

/** Text of a message made of parts (OpenAI's content-part shape). */
export interface ChatModelTextPart {
  type: 'text';
  text: string;
}

/** An image a vision model looks at; `name` (the file's) is ours and never sent to a provider. */
export interface ChatModelImagePart {
  type: 'image_url';
  image_url: { url: string };
  name?: string;
}

export type ChatModelContentPart = ChatModelTextPart | ChatModelImagePart;

export interface ChatModelMessage {
  role: 'system' | 'user' | 'assistant';
  /**
   * Plain text, or parts when the message carries attachments: the FIRST text part is always the
   * user's own words (what the offline advisor searches for), the next ones the attached files'
   * text, then the images.
   */
  content: string | ChatModelContentPart[];
}

/** The user's own words in a message: the whole text, or the first text part. */
export function messageQuestion(message: ChatModelMessage): string {
  if (typeof message.content === 'string') return message.content;
  return message.content.find((part): part is ChatModelTextPart => part.type === 'text')?.text ?? '';
}

/** Every text of a message joined (what a text-only model reads). */
export function messageText(content: ChatModelMessage['content']): string {
  if (typeof content === 'string') return content;
  return content
    .filter((part): part is ChatModelTextPart => part.type === 'text')
    .map((part) => part.text)
    .join('\n\n');
}

/**
 * A file sent with the message being answered, as the offline advisor reads it: `text` is the
 * extracted text (whole, or the passages most relevant to the question), null when there is
 * nothing to read (an image, a canvas, a scan whose text is not ready).
 */
export interface ChatModelAttachment {
  name: string;
  mimeType: string;
  text: string | null;
}

export interface ChatModelRequest {
  /** System prompt first, then the history that fits the token budget, the new user message last. */
  messages: ChatModelMessage[];
  /** The signed-in user (the offline advisor searches that user's own documents). */
  userId: string;
  /**
   * The provider's name of the model to answer with (a configured chat model's id). Unset: the
   * engine's configured model (`ChatModel.model`). The offline advisor has one model.
   */
  model?: string;
  /** Aborts the upstream request (Stop, shutdown). The stream then ends without an error. */
  signal: AbortSignal;
  /**
   * Knowledge rows the offline advisor's search leaves out (KnowledgeQuery.excludeIds), e.g. the
   * user message being answered right now. Ignored by real models.
   */
  knowledgeExcludeIds?: string[];
  /**
   * The attachments of the message being answered. Real models already read them in the user
   * message (text and image parts); the offline advisor quotes their passages first.
   */
  attachments?: ChatModelAttachment[];
  /**
   * The engine has a line of waiting replies (the local model) and this one waits in it: `ahead`
   * replies are written or wait before it. Called again each time that changes; the first chunk
   * means it is being written.
   */
  onWaiting?: (ahead: number) => void;
}

export interface ChatModel {
  /** 'openai-compatible', 'local' or 'offline': shown in logs and health, never to users as an error. */
  readonly engine: 'openai-compatible' | 'local' | 'offline';
  /**
   * The default model's name (the first of CHAT_MODELS, else CHAT_MODEL), the local model file's
   * name, or 'offline-advisor'.
   */
  readonly model: string;
  /**
   * Streams the reply's text chunks; a stream that ends may return its outcome. Throws
   * ChatModelError on a provider failure.
   */
  stream(request: ChatModelRequest): AsyncIterable<string, ChatReplyOutcome | void>;
}

/** What a finished reply's stream returns besides its text (models that know nothing more return nothing). */
export interface ChatReplyOutcome {
  /**
   * The offline advisor found nothing relevant to quote and said so: the reply costs the user no
   * message (ChatGenerationService gives it back with the reply's final save).
   */
  nothingFound: boolean;
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
    /**
     * The setting an operator should check (OPENAI_API_KEY, CHAT_MODEL...) when the failure comes
     * from this server's configuration: for the logs only, never in `message`, which every user
     * of the chat reads (docs/product.md#features-this-server-cannot-run).
     */
    readonly configure?: string,
  ) {
    super(failure.message);
    this.code = failure.code;
  }
}
