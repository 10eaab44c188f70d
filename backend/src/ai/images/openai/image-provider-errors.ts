import { APIError } from 'openai';
import type { ReadableFailure } from '../../chat-model.port';
import { NOT_SET_UP_CORRECTLY } from '../../chat-model-failures';
import { CHAT_SETTINGS, classifyProviderError } from '../../openai/provider-errors';
import { ImageModelError } from '../image-model.port';

/** What users read when the image provider fails in ways chat never meets. */
export const IMAGE_FAILURES = {
  promptRefused: {
    code: 'AI_PROMPT_REFUSED',
    message: 'The image service refused this description. Please describe it differently.',
  },
  unknownModel: { code: 'AI_MODEL_UNKNOWN', message: NOT_SET_UP_CORRECTLY },
  refused: { code: 'AI_REQUEST_REFUSED', message: NOT_SET_UP_CORRECTLY },
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
} satisfies Record<string, ReadableFailure>;

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

/** The setting an operator checks when the image provider refuses the model. */
export const IMAGE_MODEL_SETTING = 'IMAGE_MODEL';

/**
 * Maps an error thrown by `images.generate` (or the fetch of its URL). Busy, unreachable, timeout
 * and key failures read as they do in chat; a refused prompt gets the image service's own words,
 * and a refused model points the log at IMAGE_MODEL, not CHAT_MODEL.
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
        error: new ImageModelError(IMAGE_FAILURES.unknownModel, 'bad_request', status, IMAGE_MODEL_SETTING),
        retryable: false,
        detail,
      };
    }
    if (status !== 401 && status !== 403 && status !== 408 && status !== 429) {
      return {
        error: new ImageModelError(IMAGE_FAILURES.refused, 'bad_request', status, IMAGE_MODEL_SETTING),
        retryable: false,
        detail,
      };
    }
  }
  const failure = classifyProviderError(error, model, now);
  const { code, message, kind, status, configure } = failure.error;
  const setting = configure === CHAT_SETTINGS.model ? IMAGE_MODEL_SETTING : configure;
  return {
    error: new ImageModelError({ code, message }, kind, status, setting),
    retryable: failure.retryable,
    retryAfterMs: failure.retryAfterMs,
    detail: failure.detail,
  };
}
