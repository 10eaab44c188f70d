import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { NOT_SET_UP_CORRECTLY, PROVIDER_FAILURES } from '../chat-model-failures';
import { classifyProviderError, redactSecrets, settingToCheck } from './provider-errors';

/** The error the SDK throws for an HTTP error answer with an OpenAI error body. */
const httpError = (status: number, message: string, headers: Record<string, string> = {}) =>
  APIError.generate(status, { error: { message } }, undefined, new Headers(headers));

describe('classifyProviderError', () => {
  it('429: rate_limited, retryable, with the Retry-After', () => {
    const failure = classifyProviderError(httpError(429, 'Rate limit reached', { 'retry-after': '2' }), 'm');
    expect(failure.error).toMatchObject({
      kind: 'rate_limited',
      status: 429,
      ...PROVIDER_FAILURES.busy,
    });
    expect(failure.error.code).toBe('AI_BUSY');
    expect(failure.retryable).toBe(true);
    expect(failure.retryAfterMs).toBe(2_000);
    expect(failure.detail).toBe('HTTP 429: Rate limit reached');
  });

  it.each([500, 502, 503, 504])('%i: unavailable, retryable', (status) => {
    const failure = classifyProviderError(httpError(status, 'upstream'), 'm');
    expect(failure.error).toMatchObject({ kind: 'unavailable', status, code: 'AI_UNAVAILABLE' });
    expect(failure.error.message).toBe(PROVIDER_FAILURES.unreachable.message);
    expect(failure.retryable).toBe(true);
  });

  it.each([401, 403])('%i: unauthorized, not retried; the key setting goes to the log only', (status) => {
    const failure = classifyProviderError(httpError(status, 'Incorrect API key'), 'm');
    expect(failure.error).toMatchObject({
      kind: 'unauthorized',
      code: 'AI_AUTH_FAILED',
      configure: 'OPENAI_API_KEY',
    });
    expect(failure.error.message).toBe(
      'The AI service is not set up correctly on this server. Please tell the administrator.',
    );
    expect(settingToCheck(failure.error)).toBe(' (the administrator should check OPENAI_API_KEY)');
    expect(failure.retryable).toBe(false);
  });

  it('404: the model is unknown; users read no setting, the log names CHAT_MODEL', () => {
    const failure = classifyProviderError(
      httpError(404, 'model "llama9" not found, try pulling it first'),
      'llama9',
    );
    expect(failure.error).toMatchObject({
      kind: 'bad_request',
      code: 'AI_MODEL_UNKNOWN',
      configure: 'CHAT_MODEL',
    });
    expect(failure.error.message).toBe(NOT_SET_UP_CORRECTLY);
    expect(failure.error.message).not.toMatch(/CHAT_MODEL|llama9/);
    expect(failure.retryable).toBe(false);
  });

  it('400: model problem, context too long, or another refusal', () => {
    const failureOf = (message: string) => {
      const { error } = classifyProviderError(httpError(400, message), 'foo');
      return { code: error.code, message: error.message, configure: error.configure };
    };
    expect(failureOf('foo is not a valid model ID')).toEqual({
      ...PROVIDER_FAILURES.unknownModel,
      configure: 'CHAT_MODEL',
    });
    expect(failureOf("This model's maximum context length is 8192 tokens")).toEqual({
      ...PROVIDER_FAILURES.tooLong('foo'),
      configure: undefined,
    });
    expect(failureOf('temperature out of range')).toEqual({
      ...PROVIDER_FAILURES.refused,
      configure: 'CHAT_MODEL',
    });
  });

  it('no failure message names a setting', () => {
    const messages = Object.values(PROVIDER_FAILURES).map((failure) =>
      typeof failure === 'function' ? failure('m').message : failure.message,
    );
    for (const message of messages) expect(message).not.toMatch(/[A-Z]+_[A-Z_]+/);
    expect(settingToCheck(classifyProviderError(httpError(500, 'upstream'), 'm').error)).toBe('');
  });

  it('connection failures are retryable; the SDK timeout is a timeout', () => {
    const refused = classifyProviderError(
      new APIConnectionError({ cause: new Error('connect ECONNREFUSED 127.0.0.1:1') }),
      'm',
    );
    expect(refused.error).toMatchObject({ kind: 'unavailable', code: 'AI_UNAVAILABLE' });
    expect(refused.retryable).toBe(true);
    expect(refused.detail).toContain('ECONNREFUSED');
    const timeout = classifyProviderError(new APIConnectionTimeoutError(), 'm');
    expect(timeout.error).toMatchObject({ kind: 'timeout', ...PROVIDER_FAILURES.timeout });
    expect(timeout.retryable).toBe(false);
  });

  it('an error event inside the stream, a broken connection and unreadable data are "unavailable"', () => {
    const midStream = classifyProviderError(
      new APIError(undefined, { message: 'Provider overloaded' }, undefined, undefined),
      'm',
    );
    expect(midStream.error).toMatchObject({ kind: 'unavailable', ...PROVIDER_FAILURES.failed });
    expect(midStream.detail).toContain('Provider overloaded');
    const terminated = classifyProviderError(
      new TypeError('terminated', { cause: new Error('other side closed') }),
      'm',
    );
    expect(terminated.error).toMatchObject({ kind: 'unavailable', code: 'AI_UNAVAILABLE' });
    expect(terminated.detail).toBe('terminated (other side closed)');
    expect(classifyProviderError(new SyntaxError('Unexpected token <'), 'm').error).toMatchObject(
      PROVIDER_FAILURES.unreadable,
    );
  });
});

describe('redactSecrets', () => {
  it('removes the configured key and anything shaped like an OpenAI key', () => {
    expect(redactSecrets('bad key my-secret-key here', 'my-secret-key')).toBe('bad key [redacted] here');
    expect(redactSecrets('Incorrect API key provided: sk-proj-abc123***xyz9.')).toBe(
      'Incorrect API key provided: sk-[redacted].',
    );
    expect(redactSecrets('nothing secret', undefined)).toBe('nothing secret');
  });
});
