import OpenAI from 'openai';
import type { AiConfig } from '../../config';
import { ChatModelError } from '../chat-model.port';
import { DEFAULT_OPENAI_BASE_URL, PLACEHOLDER_API_KEY } from '../openai/openai-chat.model';
import { classifyProviderError, type ProviderFailure } from '../openai/provider-errors';

/**
 * The `openai` SDK client for the audio endpoints. Everything is passed explicitly (the SDK would
 * otherwise read OPENAI_* from process.env behind the validated configuration's back); a whole
 * audio answer is one response, so the SDK's own retries (429, 5xx, connection) are used.
 */
export function createOpenAiAudioClient(config: AiConfig, fetchImpl?: typeof fetch): OpenAI {
  return new OpenAI({
    apiKey: config.openaiApiKey || PLACEHOLDER_API_KEY,
    baseURL: config.openaiBaseUrl ?? DEFAULT_OPENAI_BASE_URL,
    organization: null,
    project: null,
    maxRetries: Math.max(0, config.maxRetries),
    timeout: config.requestTimeoutMs,
    logLevel: 'off',
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}

/**
 * A provider failure of an audio endpoint, classified like the chat's (AI_* codes), with the
 * setting to check named: TTS_MODEL or STT_MODEL instead of CHAT_MODEL.
 */
export function classifyAudioProviderError(error: unknown, model: string, setting: string): ProviderFailure {
  const failure = classifyProviderError(error, model);
  const { code, kind, status } = failure.error;
  const message = failure.error.message.replace('CHAT_MODEL', setting);
  return { ...failure, error: new ChatModelError({ code, message }, kind, status) };
}
