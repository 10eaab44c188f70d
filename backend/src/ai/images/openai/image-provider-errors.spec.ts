import { APIConnectionError, APIError } from 'openai';
import { ImageModelError } from '../image-model.port';
import { classifyImageProviderError } from './image-provider-errors';

const apiError = (status: number, message: string, code?: string) =>
  APIError.generate(status, { error: { message, code } }, undefined, new Headers());

describe('classifyImageProviderError', () => {
  it('recognises a safety refusal by its code or by its words', () => {
    expect(
      classifyImageProviderError(apiError(400, 'blocked', 'content_policy_violation'), 'dall-e-3').error.code,
    ).toBe('AI_PROMPT_REFUSED');
    const byWords = classifyImageProviderError(
      apiError(400, 'This request violates our content policy.'),
      'dall-e-3',
    );
    expect(byWords).toMatchObject({ retryable: false, error: { code: 'AI_PROMPT_REFUSED', status: 400 } });
  });

  it('points the log at IMAGE_MODEL, not CHAT_MODEL, and names no setting to users', () => {
    const refused = classifyImageProviderError(apiError(400, "Invalid value for 'size'."), 'dall-e-2');
    expect(refused.error).toMatchObject({
      code: 'AI_REQUEST_REFUSED',
      kind: 'bad_request',
      configure: 'IMAGE_MODEL',
    });
    expect(refused.error.message).toBe(
      'The AI service is not set up correctly on this server. Please tell the administrator.',
    );
    const unknown = classifyImageProviderError(apiError(404, 'Not found'), 'flux').error;
    expect(unknown).toMatchObject({ code: 'AI_MODEL_UNKNOWN', configure: 'IMAGE_MODEL' });
    expect(unknown.message).not.toMatch(/IMAGE_MODEL|flux/);
    // A key refusal goes through the chat's classification: its setting stays OPENAI_API_KEY.
    expect(classifyImageProviderError(apiError(401, 'bad key'), 'flux').error.configure).toBe(
      'OPENAI_API_KEY',
    );
  });

  it('reads busy, key and connection failures as chat does, retrying only what may pass', () => {
    expect(classifyImageProviderError(apiError(429, 'slow down'), 'm')).toMatchObject({
      retryable: true,
      error: { code: 'AI_BUSY' },
    });
    expect(classifyImageProviderError(apiError(403, 'forbidden'), 'm')).toMatchObject({
      retryable: false,
      error: { code: 'AI_AUTH_FAILED' },
    });
    const offline = classifyImageProviderError(new APIConnectionError({ message: 'Connection error.' }), 'm');
    expect(offline).toMatchObject({ retryable: true, error: { code: 'AI_UNAVAILABLE' } });
    expect(offline.error).toBeInstanceOf(ImageModelError);
  });
});
