/** Voice's errors (docs/architecture.md#errors); an engine's failures map in voice-failure.ts. */
import { HttpStatus } from '@nestjs/common';
import { AUDIO_UPLOAD_MAX_BYTES } from '@kasa/contracts';
import { ApiException, NotConfiguredException } from '../common/api-exception';
import { speechLanguageName } from './speech-language';

export const NOT_AUDIO =
  'Please select an audio file (WAV, MP3, Ogg, FLAC, M4A, WebM or AAC): this file is not audio.';
export const AUDIO_UNREADABLE = 'This audio could not be read. Please try another recording.';
export const AUDIO_REQUIRED = 'Please select an audio file.';
export const AUDIO_TOO_LARGE = `An audio file can be at most ${AUDIO_UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`;

/** 415: the upload's bytes are not audio of a known type. */
export const notAudio = () =>
  new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'VOICE_NOT_AUDIO', NOT_AUDIO);

export const STT_UNAVAILABLE = 'Transcription is not available on this server.';

/**
 * 503: speech-to-text is not available here; `reason` (what to install or set) goes to
 * administrators only (common/api-exception.filter.ts).
 */
export const sttUnavailable = (reason: string) =>
  new NotConfiguredException(HttpStatus.SERVICE_UNAVAILABLE, 'STT_UNAVAILABLE', STT_UNAVAILABLE, reason);

/** 422: ffmpeg could not read the audio's duration. */
export const audioUnreadable = () =>
  new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VOICE_AUDIO_UNREADABLE', AUDIO_UNREADABLE);

/** 413: the audio file is larger than AUDIO_UPLOAD_MAX_BYTES. */
export const audioTooLarge = () =>
  new ApiException(HttpStatus.PAYLOAD_TOO_LARGE, 'VOICE_AUDIO_TOO_LARGE', AUDIO_TOO_LARGE);

/** 400: the speech-to-text engine here cannot transcribe `language`; names the ones it can. */
export const languageUnsupported = (language: string, supported: readonly string[]) =>
  new ApiException(
    HttpStatus.BAD_REQUEST,
    'VOICE_LANGUAGE_UNSUPPORTED',
    `Speech in ${speechLanguageName(language)} cannot be transcribed here: the speech recognizer understands ${supported.map(speechLanguageName).join(', ')} only. Choose another language under "I speak", or type your message.`,
  );

/** 400 (a voice turn): the bytes are not audio. A turn refuses bad fields with 400, never 415. */
export const turnNotAudio = () => new ApiException(HttpStatus.BAD_REQUEST, 'VOICE_NOT_AUDIO', NOT_AUDIO);

/** 400: neither `audio` nor `recordingId` came with a voice turn. */
export const turnAudioMissing = () =>
  new ApiException(
    HttpStatus.BAD_REQUEST,
    'VOICE_AUDIO_MISSING',
    'Please record your question: the audio is missing (or send recordingId).',
  );

/** 400: the recording has no bytes, or no length of sound. */
export const recordingEmpty = () =>
  new ApiException(
    HttpStatus.BAD_REQUEST,
    'VOICE_RECORDING_EMPTY',
    'The recording is empty. Hold the phone close and speak, then try again.',
  );

/** 422: speech-to-text heard no words in the recording (its seconds are given back). */
export const nothingHeard = () =>
  new ApiException(
    HttpStatus.UNPROCESSABLE_ENTITY,
    'VOICE_NOTHING_HEARD',
    'Nothing was heard in the recording. Please speak closer to the microphone and try again.',
  );

/** 404: `recordingId` names no recording of the user's. */
export const recordingNotFound = () =>
  new ApiException(
    HttpStatus.NOT_FOUND,
    'VOICE_RECORDING_NOT_FOUND',
    'This recording is no longer available.',
  );
