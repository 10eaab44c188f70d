import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import {
  AUDIO_UPLOAD_MAX_BYTES,
  CHAT_MESSAGE_MAX_LENGTH,
  SPEECH_LANGUAGE_HINTS,
  type SpeechLanguageHint,
} from '@kasa/contracts';
import { IsConversationId } from '../../../common';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const TURN_MESSAGE_REQUIRED = 'message must not be blank: type the text to answer, or leave it out.';
export const TURN_MESSAGE_TOO_LONG = `A message can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters long.`;
export const TURN_MESSAGE_NEEDS_RECORDING =
  'message comes with recordingId only: it is the corrected text of a stored recording.';
export const TURN_AUDIO_AND_RECORDING = 'Send either audio or recordingId, not both.';
export const LANGUAGE_INVALID = `language must be one of ${SPEECH_LANGUAGE_HINTS.join(', ')}.`;
export const CONFIRM_INVALID = "confirm must be 'true' or 'false'.";
export const RECORDING_ID_INVALID = 'recordingId must be a recording id (a UUID).';
export const PARENT_ID_INVALID = 'parentMessageId must be a message id (a UUID).';
/** Longest chat model id (as POST /api/chat takes it). */
const MODEL_ID_MAX_LENGTH = 200;
export const TURN_MODEL_INVALID = `model must be the id of a chat model (text of at most ${MODEL_ID_MAX_LENGTH} characters).`;

/**
 * The text fields of POST /api/voice/turns (multipart: every value arrives as text), validated
 * as a JSON body would be (common/validation.pipe.ts). The audio is checked by its bytes.
 */
export class VoiceTurnFieldsDto {
  @IsOptional()
  @IsConversationId()
  conversationId?: string;

  @IsOptional()
  @IsUUID('all', { message: PARENT_ID_INVALID })
  parentMessageId?: string;

  @IsOptional()
  @IsUUID('all', { message: RECORDING_ID_INVALID })
  recordingId?: string;

  @IsOptional()
  @Transform(trim)
  @IsString({ message: TURN_MESSAGE_REQUIRED })
  @IsNotEmpty({ message: TURN_MESSAGE_REQUIRED })
  @MaxLength(CHAT_MESSAGE_MAX_LENGTH, { message: TURN_MESSAGE_TOO_LONG })
  message?: string;

  @IsOptional()
  @IsIn(SPEECH_LANGUAGE_HINTS, { message: LANGUAGE_INVALID })
  language?: SpeechLanguageHint;

  @IsOptional()
  @IsIn(['true', 'false'], { message: CONFIRM_INVALID })
  confirm?: 'true' | 'false';

  @IsOptional()
  @IsString({ message: TURN_MODEL_INVALID })
  @MaxLength(MODEL_ID_MAX_LENGTH, { message: TURN_MODEL_INVALID })
  model?: string;
}

/** The multipart body of POST /api/voice/turns (documentation only: busboy reads it). */
@ApiSchema({ name: 'VoiceTurnUpload', description: 'A spoken turn: a recording, or a stored one.' })
export class VoiceTurnUploadDoc {
  @ApiPropertyOptional({
    type: 'string',
    format: 'binary',
    description: `The recording (Opus in WebM or Ogg from the browser; any audio ffmpeg reads), at most ${AUDIO_UPLOAD_MAX_BYTES / (1024 * 1024)} MB. Required unless recordingId is given.`,
  })
  audio?: unknown;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    description:
      "Instead of audio: a recording of the user's stored earlier (VoiceTranscript.recordingId, ChatMessage.recordingId), transcribed again, or answered with `message`.",
  })
  recordingId?: string;

  @ApiPropertyOptional({
    type: String,
    maxLength: CHAT_MESSAGE_MAX_LENGTH,
    description:
      'With recordingId only: the text to answer (the transcription as the user corrected it); nothing is transcribed and no seconds are charged.',
  })
  message?: string;

  @ApiPropertyOptional({
    enum: SPEECH_LANGUAGE_HINTS,
    default: 'auto',
    description: 'The language the user speaks ("I speak"), sent to speech-to-text as its hint.',
  })
  language?: SpeechLanguageHint;

  @ApiPropertyOptional({
    enum: ['true', 'false'],
    default: 'false',
    description: "'true': transcribe only and answer JSON (VoiceTranscript); nothing is sent to the chat.",
  })
  confirm?: 'true' | 'false';

  @ApiPropertyOptional({ type: String, format: 'uuid', description: 'As in POST /api/chat.' })
  conversationId?: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', description: 'As in POST /api/chat.' })
  parentMessageId?: string;

  @ApiProperty({ type: String, required: false, description: 'As in POST /api/chat.' })
  model?: string;
}

/** The multipart text fields a voice turn takes (besides conversationId, which every upload takes). */
export const VOICE_TURN_TEXT_FIELDS = [
  'parentMessageId',
  'recordingId',
  'message',
  'language',
  'confirm',
  'model',
] as const;
