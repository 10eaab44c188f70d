import { Logger } from '@nestjs/common';
import OpenAI from 'openai';
import type { AiConfig } from '../../../config';
import { DEFAULT_OPENAI_BASE_URL, PLACEHOLDER_API_KEY } from '../../openai/openai-chat.model';
import { PROVIDER_FAILURES } from '../../chat-model-failures';
import { redactSecrets, settingToCheck } from '../../openai/provider-errors';
import { DEFAULT_RETRY_TIMING, retryDelayMs, type RetryTiming } from '../../openai/retry-policy';
import {
  type GeneratedImage,
  type ImageModel,
  ImageModelError,
  type ImageRequest,
} from '../image-model.port';
import { isPng } from '../png';
import { classifyImageProviderError, IMAGE_FAILURES } from './image-provider-errors';

/** Larger than any PNG an image model draws at 1792x1024: a bigger answer is not an image. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

export interface OpenAiImageModelOptions extends Partial<RetryTiming> {
  /** Jitter source (Math.random). */
  random?: () => number;
  /** The fetch under the SDK, also used to download a `url` answer (the global one). */
  fetch?: typeof fetch;
}

/** gpt-image-* always answer base64 and refuse the `response_format` parameter; DALL-E takes it. */
function asksForBase64(model: string): boolean {
  return !/^gpt-image/i.test(model);
}

/**
 * Images on any OpenAI-compatible server through the `openai` SDK's `images.generate`.
 *
 * - Asks for `b64_json`; a server answering with a `url` instead is downloaded at once, since a
 *   provider's URL expires (OpenAI's within an hour) and Kasa keeps its own copy.
 * - The answer must be a PNG (checked by its bytes); `revised_prompt` is kept in the metadata.
 * - 429, 5xx and connection failures are retried (backoff with jitter, Retry-After honoured up to
 *   a cap) up to AI_MAX_RETRIES times; the SDK's own retries are off so this rule is the only one.
 * - Every failure is an ImageModelError users can read; the logs get the provider's words
 *   without the API key.
 */
export class OpenAiImageModel implements ImageModel {
  readonly engine = 'openai-compatible' as const;
  readonly baseUrl: string;
  private readonly client: OpenAI;
  private readonly fetch: typeof fetch;
  private readonly timing: RetryTiming;
  private readonly random: () => number;
  private readonly logger = new Logger('OpenAiImageModel');

  constructor(
    private readonly config: AiConfig,
    readonly model: string,
    options: OpenAiImageModelOptions = {},
  ) {
    this.baseUrl = config.openaiBaseUrl ?? DEFAULT_OPENAI_BASE_URL;
    this.fetch = options.fetch ?? fetch;
    this.timing = {
      baseDelayMs: options.baseDelayMs ?? DEFAULT_RETRY_TIMING.baseDelayMs,
      maxDelayMs: options.maxDelayMs ?? DEFAULT_RETRY_TIMING.maxDelayMs,
      retryAfterCapMs: options.retryAfterCapMs ?? DEFAULT_RETRY_TIMING.retryAfterCapMs,
    };
    this.random = options.random ?? Math.random;
    // Everything is passed explicitly: the SDK would otherwise read OPENAI_* from process.env.
    this.client = new OpenAI({
      apiKey: config.openaiApiKey || PLACEHOLDER_API_KEY,
      baseURL: this.baseUrl,
      organization: null,
      project: null,
      maxRetries: 0,
      timeout: config.requestTimeoutMs,
      logLevel: 'off',
      fetch: this.fetch,
    });
  }

  async generate(request: ImageRequest): Promise<GeneratedImage> {
    const maxRetries = Math.max(0, this.config.maxRetries);
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.attempt(request);
      } catch (error) {
        const failure = classifyImageProviderError(error, this.model);
        const detail = redactSecrets(failure.detail, this.config.openaiApiKey);
        const where = `model ${this.model} at ${this.baseUrl}, attempt ${attempt + 1}/${maxRetries + 1}`;
        const delay =
          failure.retryable && attempt < maxRetries
            ? retryDelayMs(attempt, failure.retryAfterMs, this.timing, this.random)
            : null;
        if (delay === null) {
          this.logger.error(
            `Image request failed (${where}, ${failure.error.kind}): ${detail}${settingToCheck(failure.error)}`,
          );
          throw failure.error;
        }
        this.logger.warn(`Image request failed (${where}): ${detail}; retrying in ${delay} ms`);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private async attempt({ prompt, size }: ImageRequest): Promise<GeneratedImage> {
    const response = await this.client.images.generate({
      model: this.model,
      prompt,
      n: 1,
      size,
      ...(asksForBase64(this.model) ? { response_format: 'b64_json' as const } : {}),
    });
    const answer = response.data?.[0];
    let image: Buffer;
    if (typeof answer?.b64_json === 'string' && answer.b64_json !== '') {
      image = Buffer.from(answer.b64_json, 'base64');
    } else if (typeof answer?.url === 'string' && /^https?:\/\//i.test(answer.url)) {
      image = await this.download(answer.url);
    } else {
      throw new ImageModelError(IMAGE_FAILURES.noImage, 'unavailable');
    }
    if (!isPng(image)) throw new ImageModelError(IMAGE_FAILURES.notPng, 'unavailable');
    const revised = answer.revised_prompt;
    return {
      image,
      contentType: 'image/png',
      format: 'png',
      size,
      metadata: { model: this.model, size, ...(revised ? { revised_prompt: revised } : {}) },
      engine: this.engine,
    };
  }

  /**
   * Fetches the provider's image URL now, before it expires. Not retried: a new attempt would draw
   * (and bill) a second image.
   */
  private async download(url: string): Promise<Buffer> {
    let response: Response;
    try {
      response = await this.fetch(url, { signal: AbortSignal.timeout(this.config.requestTimeoutMs) });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new ImageModelError(PROVIDER_FAILURES.timeout, 'timeout');
      }
      throw new ImageModelError(IMAGE_FAILURES.downloadFailed, 'unavailable');
    }
    if (!response.ok) {
      await response.body?.cancel();
      // The file host's status says nothing about the key or the prompt.
      throw new ImageModelError(IMAGE_FAILURES.downloadFailed, 'unavailable', response.status);
    }
    if (Number(response.headers.get('content-length')) > MAX_IMAGE_BYTES) {
      await response.body?.cancel();
      throw new ImageModelError(IMAGE_FAILURES.tooLarge, 'unavailable');
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > MAX_IMAGE_BYTES) throw new ImageModelError(IMAGE_FAILURES.tooLarge, 'unavailable');
    return bytes;
  }
}
