import OpenAI from 'openai';
import type { AiConfig } from '../../config';
import { ChatModelError } from '../chat-model.port';
import { DEFAULT_OPENAI_BASE_URL, PLACEHOLDER_API_KEY } from '../openai/openai-chat.model';
import { CHAT_SETTINGS, classifyProviderError, type ProviderFailure } from '../openai/provider-errors';

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
 * A provider failure of an audio endpoint, classified like the chat's (AI_* codes, the same words
 * for users), with the setting the log names: TTS_MODEL or STT_MODEL instead of CHAT_MODEL.
 */
export function classifyAudioProviderError(error: unknown, model: string, setting: string): ProviderFailure {
  const failure = classifyProviderError(error, model);
  const { code, message, kind, status, configure } = failure.error;
  const toCheck = configure === CHAT_SETTINGS.model ? setting : configure;
  return { ...failure, error: new ChatModelError({ code, message }, kind, status, toCheck) };
}
