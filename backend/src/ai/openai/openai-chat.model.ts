import { Logger } from '@nestjs/common';
import OpenAI, { APIConnectionError } from 'openai';
import type { AiConfig } from '../../config';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import {
  type ChatModel,
  ChatModelError,
  type ChatModelMessage,
  type ChatModelRequest,
  messageText,
} from '../chat-model.port';
import { PROVIDER_FAILURES } from '../chat-model-failures';
import {
  classifyProviderError,
  settingToCheck,
  type ProviderFailure,
  redactSecrets,
} from './provider-errors';
import { DEFAULT_RETRY_TIMING, retryDelayMs, type RetryTiming } from './retry-policy';
import { readChatCompletionStream } from './chat-completion-sse';

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** Sent when OPENAI_API_KEY is unset: Ollama, llama.cpp server and vLLM accept any key. */
export const PLACEHOLDER_API_KEY = 'no-key-configured';

export interface OpenAiChatModelOptions extends Partial<RetryTiming> {
  /** Jitter source (Math.random). */
  random?: () => number;
  /** The fetch under the SDK (the global one). */
  fetch?: typeof fetch;
}

type AttemptResult =
  | { kind: 'complete' }
  | { kind: 'aborted' }
  | { kind: 'failed'; failure: ProviderFailure; produced: boolean };

/** Fires `onTimeout` when armed and not re-armed within `ms` (no first chunk, or no next chunk). */
class Watchdog {
  private timer?: NodeJS.Timeout;
  constructor(
    private readonly ms: number,
    private readonly onTimeout: () => void,
  ) {}
  arm(): void {
    this.disarm();
    this.timer = setTimeout(this.onTimeout, this.ms);
  }
  disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** Whether any message carries an image part. */
export function hasImageParts(messages: ChatModelMessage[]): boolean {
  return messages.some(
    (message) =>
      typeof message.content !== 'string' && message.content.some((part) => part.type === 'image_url'),
  );
}

/** Said in place of the images when the model refused them. */
export function imagesRemovedNote(names: string[]): string {
  const which = names.length ? ` (${names.join(', ')})` : '';
  return `[The user attached an image${which}, but this model cannot see images: say so if the question needs it.]`;
}

/**
 * The messages as the provider receives them. Text-only messages go as plain strings (many
 * OpenAI-compatible servers for text models refuse content arrays); a message with images goes as
 * text and image_url parts. `withoutImages`: the images are replaced by a sentence saying one was
 * attached (a model that refused them).
 */
export function toProviderMessages(
  messages: ChatModelMessage[],
  withoutImages = false,
): ChatCompletionMessageParam[] {
  return messages.map((message): ChatCompletionMessageParam => {
    const { content } = message;
    if (typeof content === 'string') return { role: message.role, content } as ChatCompletionMessageParam;
    const images = content.filter((part) => part.type === 'image_url');
    if (!images.length)
      return { role: message.role, content: messageText(content) } as ChatCompletionMessageParam;
    if (withoutImages) {
      const names = images.map((image) => image.name ?? '').filter(Boolean);
      return {
        role: message.role,
        content: `${messageText(content)}\n\n${imagesRemovedNote(names)}`,
      } as ChatCompletionMessageParam;
    }
    if (message.role !== 'user')
      return { role: message.role, content: messageText(content) } as ChatCompletionMessageParam;
    return {
      role: 'user',
      content: content.map((part) =>
        part.type === 'text'
          ? { type: 'text' as const, text: part.text }
          : { type: 'image_url' as const, image_url: { url: part.image_url.url } },
      ),
    };
  });
}

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Chat on any OpenAI-compatible server (OpenAI, Ollama /v1, vLLM, llama.cpp server, LM Studio,
 * OpenRouter) through the `openai` SDK with `stream: true`.
 *
 * - Yields each non-empty `delta.content` (role-only, null and empty deltas are skipped).
 * - `request.signal` aborts the upstream HTTP request; the iteration then ends without an error.
 * - A watchdog fails the reply with 'timeout' when the first chunk, or the next one, takes longer
 *   than `requestTimeoutMs`.
 * - 429, 5xx and connection failures are retried (exponential backoff with jitter, Retry-After
 *   honoured up to a cap), up to `maxRetries` times, and ONLY while no text has been yielded: once
 *   the user has seen part of a reply, a failure ends it with an error instead of starting a
 *   second, different reply. The SDK's own retries are off so this rule is the only one.
 * - A stream that ends without [DONE] (and without a finish_reason) is a dropped stream.
 * - Every failure is a ChatModelError whose message users can read; the logs get the provider's
 *   words, without the API key.
 * - `request.model` picks the model (one of CHAT_MODELS); unset: the configured default. Errors
 *   and logs name the model the request went to.
 */
export class OpenAiChatModel implements ChatModel {
  readonly engine = 'openai-compatible' as const;
  readonly model: string;
  readonly baseUrl: string;
  private readonly client: OpenAI;
  private readonly timing: RetryTiming;
  private readonly random: () => number;
  private readonly logger = new Logger('OpenAiChatModel');

  constructor(
    private readonly config: AiConfig,
    options: OpenAiChatModelOptions = {},
  ) {
    this.model = config.chatModel;
    this.baseUrl = config.openaiBaseUrl ?? DEFAULT_OPENAI_BASE_URL;
    this.timing = {
      baseDelayMs: options.baseDelayMs ?? DEFAULT_RETRY_TIMING.baseDelayMs,
      maxDelayMs: options.maxDelayMs ?? DEFAULT_RETRY_TIMING.maxDelayMs,
      retryAfterCapMs: options.retryAfterCapMs ?? DEFAULT_RETRY_TIMING.retryAfterCapMs,
    };
    this.random = options.random ?? Math.random;
    // Everything is passed explicitly: the SDK would otherwise read OPENAI_* from process.env
    // behind the validated configuration's back.
    this.client = new OpenAI({
      apiKey: config.openaiApiKey || PLACEHOLDER_API_KEY,
      baseURL: this.baseUrl,
      organization: null,
      project: null,
      maxRetries: 0,
      // The watchdog below is the real timeout (it also covers the gaps between chunks).
      timeout: config.requestTimeoutMs + 1_000,
      logLevel: 'off',
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  async *stream(request: ChatModelRequest): AsyncGenerator<string, void, undefined> {
    const maxRetries = Math.max(0, this.config.maxRetries);
    // A conversation's own model (ChatModelsService.choose), else the configured default.
    const model = request.model ?? this.model;
    let withoutImages = false;
    for (let attempt = 0; ; attempt++) {
      if (request.signal.aborted) return;
      const result: AttemptResult = yield* this.attempt(request, model, withoutImages);
      if (result.kind !== 'failed') return;

      const { failure, produced } = result;
      const detail = redactSecrets(failure.detail, this.config.openaiApiKey);
      const where = `model ${model} at ${this.baseUrl}, attempt ${attempt + 1}/${maxRetries + 1}`;
      // A text-only model refuses image parts with a 400: once, the same prompt goes again with
      // the images replaced by a sentence saying one was attached (not counted as a retry).
      if (!produced && !withoutImages && failure.error.status === 400 && hasImageParts(request.messages)) {
        this.logger.warn(`Chat request with images refused (${where}): ${detail}; retrying without them`);
        withoutImages = true;
        attempt--;
        continue;
      }
      if (produced) {
        // Part of the reply is on the user's screen: never start it again.
        this.logger.error(`Chat stream failed mid-reply (${where}): ${detail}`);
        throw new ChatModelError(PROVIDER_FAILURES.stoppedMidReply, failure.error.kind, failure.error.status);
      }
      const delay =
        failure.retryable && attempt < maxRetries
          ? retryDelayMs(attempt, failure.retryAfterMs, this.timing, this.random)
          : null;
      if (delay === null) {
        this.logger.error(
          `Chat request failed (${where}, ${failure.error.kind}): ${detail}${settingToCheck(failure.error)}`,
        );
        throw failure.error;
      }
      this.logger.warn(`Chat request failed (${where}): ${detail}; retrying in ${delay} ms`);
      if (!(await sleep(delay, request.signal))) return;
    }
  }

  /** One HTTP request to `model`: yields its text, returns how it ended (never throws). */
  private async *attempt(
    request: ChatModelRequest,
    model: string,
    withoutImages: boolean,
  ): AsyncGenerator<string, AttemptResult, undefined> {
    const controller = new AbortController();
    const abortUpstream = () => controller.abort();
    request.signal.addEventListener('abort', abortUpstream, { once: true });
    let timedOut = false;
    const watchdog = new Watchdog(this.config.requestTimeoutMs, () => {
      timedOut = true;
      controller.abort();
    });
    let produced = false;
    let settled = false;
    let chunks: ReturnType<typeof readChatCompletionStream> | undefined;
    const timeoutFailure = (): AttemptResult => ({
      kind: 'failed',
      failure: {
        error: new ChatModelError(PROVIDER_FAILURES.timeout, 'timeout'),
        retryable: false,
        detail: `no ${produced ? 'next' : 'first'} chunk within ${this.config.requestTimeoutMs} ms`,
      },
      produced,
    });

    try {
      watchdog.arm();
      // The SDK sends the request and turns HTTP errors into APIErrors; the body is read here.
      const response = await this.client.chat.completions
        .create(
          { model, messages: toProviderMessages(request.messages, withoutImages), stream: true },
          { signal: controller.signal },
        )
        .asResponse();
      if (!response.body) throw new APIConnectionError({ message: 'The response had no body.' });
      watchdog.arm();
      let finished = false;
      chunks = readChatCompletionStream(response.body, response.headers);
      let next = await chunks.next();
      for (; !next.done; next = await chunks.next()) {
        const chunk = next.value;
        watchdog.arm();
        const choice = chunk.choices?.[0];
        if (choice?.finish_reason) finished = true;
        const text = choice?.delta?.content;
        if (typeof text === 'string' && text !== '') {
          // The consumer's own pace (writing to a slow phone) is not the provider's silence.
          watchdog.disarm();
          produced = true;
          yield text;
          watchdog.arm();
        }
      }
      watchdog.disarm();
      // An abort ends the SDK's iteration quietly: find out which abort it was.
      if (request.signal.aborted) return { kind: 'aborted' };
      if (timedOut) return timeoutFailure();
      if (!finished && !next.value.sawDone) {
        return {
          kind: 'failed',
          failure: {
            error: new ChatModelError(PROVIDER_FAILURES.unreachable, 'unavailable'),
            retryable: true,
            detail: 'the stream ended without [DONE]',
          },
          produced,
        };
      }
      settled = true;
      return { kind: 'complete' };
    } catch (error) {
      if (request.signal.aborted) return { kind: 'aborted' };
      if (timedOut) return timeoutFailure();
      return { kind: 'failed', failure: classifyProviderError(error, model), produced };
    } finally {
      watchdog.disarm();
      request.signal.removeEventListener('abort', abortUpstream);
      // Stopped early (the consumer broke off, or a failure): close the upstream request.
      if (!settled) controller.abort();
      void chunks?.return({ sawDone: false }).catch(() => undefined);
    }
  }
}
