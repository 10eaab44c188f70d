import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { PROVIDER_FAILURES } from '../chat-model-failures';
import { ChatModelError } from '../chat-model.port';
import { parseRetryAfterMs } from './retry-policy';

/** The settings an operator checks when the provider refuses the key or the chat model. */
export const CHAT_SETTINGS = { apiKey: 'OPENAI_API_KEY', model: 'CHAT_MODEL' } as const;

/** For a log line: which setting to check when the failure is this server's set-up, else nothing. */
export function settingToCheck(error: { configure?: string }): string {
  return error.configure ? ` (the administrator should check ${error.configure})` : '';
}

/** A provider failure classified: what the user reads, and whether retrying (before any text) may help. */
export interface ProviderFailure {
  error: ChatModelError;
  retryable: boolean;
  /** The provider's Retry-After, when it sent one. */
  retryAfterMs?: number;
  /** What the provider said, for the logs (never shown to users; the caller redacts secrets). */
  detail: string;
}

const MODEL_WORDS = /\bmodel\b|model_not_found|not a valid model|does not exist|try pulling it/i;
const LENGTH_WORDS =
  /context[ _]length|maximum context|too many tokens|context window|too long|prompt is too long/i;

function providerDetail(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : error.message;
  return error.status ? `HTTP ${error.status}: ${message}` : message;
}

/** Maps an error thrown by the `openai` SDK (or by fetch under it) to a ChatModelError. */
export function classifyProviderError(
  error: unknown,
  model: string,
  now: number = Date.now(),
): ProviderFailure {
  if (error instanceof APIConnectionTimeoutError) {
    return {
      error: new ChatModelError(PROVIDER_FAILURES.timeout, 'timeout'),
      retryable: false,
      detail: error.message,
    };
  }
  if (error instanceof APIConnectionError) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return {
      error: new ChatModelError(PROVIDER_FAILURES.unreachable, 'unavailable'),
      retryable: true,
      detail: `${error.message}${cause}`,
    };
  }
  if (error instanceof APIError) {
    const status = error.status as number | undefined;
    const detail = providerDetail(error);
    if (status === undefined) {
      // An error object inside the SSE stream (OpenRouter, vLLM send these mid-stream).
      return {
        error: new ChatModelError(PROVIDER_FAILURES.failed, 'unavailable'),
        retryable: true,
        detail,
      };
    }
    if (status === 429) {
      return {
        error: new ChatModelError(PROVIDER_FAILURES.busy, 'rate_limited', status),
        retryable: true,
        retryAfterMs: parseRetryAfterMs(error.headers, now),
        detail,
      };
    }
    if (status === 401 || status === 403) {
      return {
        error: new ChatModelError(PROVIDER_FAILURES.apiKey, 'unauthorized', status, CHAT_SETTINGS.apiKey),
        retryable: false,
        detail,
      };
    }
    if (status === 408) {
      return {
        error: new ChatModelError(PROVIDER_FAILURES.timeout, 'timeout', status),
        retryable: true,
        detail,
      };
    }
    if (status >= 500) {
      return {
        error: new ChatModelError(PROVIDER_FAILURES.unreachable, 'unavailable', status),
        retryable: true,
        retryAfterMs: parseRetryAfterMs(error.headers, now),
        detail,
      };
    }
    if (status === 404) {
      return {
        error: new ChatModelError(PROVIDER_FAILURES.unknownModel, 'bad_request', status, CHAT_SETTINGS.model),
        retryable: false,
        detail,
      };
    }
    const refusal =
      status === 413 || LENGTH_WORDS.test(detail)
        ? new ChatModelError(PROVIDER_FAILURES.tooLong(model), 'bad_request', status)
        : new ChatModelError(
            MODEL_WORDS.test(detail) ? PROVIDER_FAILURES.unknownModel : PROVIDER_FAILURES.refused,
            'bad_request',
            status,
            CHAT_SETTINGS.model,
          );
    return { error: refusal, retryable: false, detail };
  }
  if (error instanceof SyntaxError) {
    // A data line that is not JSON: a proxy's error page, a server speaking another format.
    return {
      error: new ChatModelError(PROVIDER_FAILURES.unreadable, 'unavailable'),
      retryable: true,
      detail: error.message,
    };
  }
  // fetch's TypeError('terminated'), ECONNRESET...: the connection broke while reading.
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return {
    error: new ChatModelError(PROVIDER_FAILURES.unreachable, 'unavailable'),
    retryable: true,
    detail: `${error instanceof Error ? error.message : String(error)}${cause}`,
  };
}

/** Removes the API key (and anything shaped like one) from text bound for the logs. */
export function redactSecrets(text: string, apiKey?: string): string {
  let result = text;
  if (apiKey && apiKey.length >= 4) result = result.split(apiKey).join('[redacted]');
  return result.replace(/\b(sk|rk)-[A-Za-z0-9_*-]{6,}/g, '$1-[redacted]');
}
