import { HttpStatus } from '@nestjs/common';
import { ChatModelError } from '../ai/chat-model.port';
import { VoiceEngineError } from '../ai/audio/voice-engine.error';
import { ApiException } from '../common/api-exception';
import { sttUnavailable } from './voice.errors';

const ENGINE_STATUS: Record<VoiceEngineError['code'], number> = {
  STT_UNAVAILABLE: HttpStatus.SERVICE_UNAVAILABLE,
  VOICE_AUDIO_UNREADABLE: HttpStatus.UNPROCESSABLE_ENTITY,
  VOICE_ENGINE_FAILED: HttpStatus.BAD_GATEWAY,
};

/**
 * A voice engine's failure as the API answers it. Bad audio and a missing engine cannot be fixed
 * by retrying, so they become ApiExceptions (the job fails at once and the worker refunds the
 * usage). A provider's refusal (bad key, unknown model) is final too; its busy or unreachable
 * moments are left to the job's retries, then answer 502 JOB_FAILED.
 */
export function voiceFailure(error: unknown): unknown {
  // The engine's words name what to install or set: for administrators only.
  if (error instanceof VoiceEngineError && error.code === 'STT_UNAVAILABLE')
    return sttUnavailable(error.message);
  if (error instanceof VoiceEngineError)
    return new ApiException(ENGINE_STATUS[error.code], error.code, error.message);
  if (error instanceof ChatModelError && (error.kind === 'unauthorized' || error.kind === 'bad_request'))
    return new ApiException(HttpStatus.BAD_GATEWAY, error.code, error.message);
  return error;
}
