import type { ErrorCode } from '@kasa/contracts';

/**
 * A local voice engine's failure (eSpeak NG, ffmpeg, pocketsphinx): the message is for users and
 * the code is stable (libs/contracts ERROR_CODES); `detail` is for the logs only.
 */
export class VoiceEngineError extends Error {
  override readonly name = 'VoiceEngineError';
  constructor(
    readonly code: Extract<ErrorCode, 'STT_UNAVAILABLE' | 'VOICE_AUDIO_UNREADABLE' | 'VOICE_ENGINE_FAILED'>,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}
