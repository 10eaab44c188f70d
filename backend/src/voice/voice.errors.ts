/** Voice's errors (docs/architecture.md#errors); an engine's failures map in voice-failure.ts. */
import { HttpStatus } from '@nestjs/common';
import { AUDIO_UPLOAD_MAX_BYTES } from '@kasa/contracts';
import { ApiException } from '../common/api-exception';

export const NOT_AUDIO =
  'Please select an audio file (WAV, MP3, Ogg, FLAC, M4A, WebM or AAC): this file is not audio.';
export const AUDIO_UNREADABLE = 'This audio could not be read. Please try another recording.';
export const AUDIO_REQUIRED = 'Please select an audio file.';
export const AUDIO_TOO_LARGE = `An audio file can be at most ${AUDIO_UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`;

/** 415: the upload's bytes are not audio of a known type. */
export const notAudio = () =>
  new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'VOICE_NOT_AUDIO', NOT_AUDIO);

/** 503: speech-to-text is not available here (`reason` says why). */
export const sttUnavailable = (reason: string) =>
  new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'STT_UNAVAILABLE', reason);

/** 422: ffmpeg could not read the audio's duration. */
export const audioUnreadable = () =>
  new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VOICE_AUDIO_UNREADABLE', AUDIO_UNREADABLE);

/** 413: the audio file is larger than AUDIO_UPLOAD_MAX_BYTES. */
export const audioTooLarge = () =>
  new ApiException(HttpStatus.PAYLOAD_TOO_LARGE, 'VOICE_AUDIO_TOO_LARGE', AUDIO_TOO_LARGE);
