import { APIError } from 'openai';
import type { ReadableFailure } from '../../chat-model.port';
import { classifyProviderError } from '../../openai/provider-errors';
import { ImageModelError } from '../image-model.port';

/** What users read when the image provider fails in ways chat never meets. */
export const IMAGE_FAILURES = {
  promptRefused: {
    code: 'AI_PROMPT_REFUSED',
    message: 'The image service refused this description. Please describe it differently.',
  },
  unknownModel: (model: string) => ({
    code: 'AI_MODEL_UNKNOWN',
    message: `The image service does not know the model "${model}". The administrator should check IMAGE_MODEL.`,
  }),
  refused: (model: string) => ({
    code: 'AI_REQUEST_REFUSED',
    message: `The image service refused the request for the model "${model}". The administrator should check IMAGE_MODEL.`,
  }),
  notPng: { code: 'AI_UNREADABLE_ANSWER', message: 'The image service sent a file that is not a PNG image.' },
  noImage: { code: 'AI_UNREADABLE_ANSWER', message: 'The image service answered without an image.' },
  downloadFailed: {
    code: 'AI_UNAVAILABLE',
    message: 'The image could not be downloaded from the image service.',
  },
  tooLarge: {
    code: 'AI_UNREADABLE_ANSWER',
    message: 'The image service sent a file too large to be an image.',
  },
} satisfies Record<string, ReadableFailure | ((model: string) => ReadableFailure)>;

export interface ImageProviderFailure {
  error: ImageModelError;
  retryable: boolean;
  retryAfterMs?: number;
  /** The provider's words, for the logs (the caller redacts secrets). */
  detail: string;
}

const SAFETY_WORDS = /content[ _]policy|safety system|moderation|not allowed by our safety/i;
const MODEL_WORDS = /\bmodel\b|model_not_found|does not exist/i;

function providerCode(error: APIError): string | undefined {
  const code = error.code ?? (error.error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Maps an error thrown by `images.generate` (or the fetch of its URL). Busy, unreachable, timeout
 * and key failures read as they do in chat; a refused prompt and the model name get the image
 * service's own words (IMAGE_MODEL, not CHAT_MODEL).
 */
export function classifyImageProviderError(
  error: unknown,
  model: string,
  now = Date.now(),
): ImageProviderFailure {
  if (error instanceof ImageModelError) return { error, retryable: false, detail: error.message };
  if (error instanceof APIError && error.status !== undefined && error.status >= 400 && error.status < 500) {
    const status = error.status as number;
    const detail = `HTTP ${status}: ${error.message}`;
    const code = providerCode(error);
    if (
      status === 400 &&
      (code === 'content_policy_violation' || code === 'moderation_blocked' || SAFETY_WORDS.test(detail))
    ) {
      return {
        error: new ImageModelError(IMAGE_FAILURES.promptRefused, 'bad_request', status),
        retryable: false,
        detail,
      };
    }
    if (status === 404 || (status === 400 && (code === 'model_not_found' || MODEL_WORDS.test(detail)))) {
      return {
        error: new ImageModelError(IMAGE_FAILURES.unknownModel(model), 'bad_request', status),
        retryable: false,
        detail,
      };
    }
    if (status !== 401 && status !== 403 && status !== 408 && status !== 429) {
      return {
        error: new ImageModelError(IMAGE_FAILURES.refused(model), 'bad_request', status),
        retryable: false,
        detail,
      };
    }
  }
  const failure = classifyProviderError(error, model, now);
  const { code, message, kind, status } = failure.error;
  return {
    error: new ImageModelError({ code, message }, kind, status),
    retryable: failure.retryable,
    retryAfterMs: failure.retryAfterMs,
    detail: failure.detail,
  };
}
