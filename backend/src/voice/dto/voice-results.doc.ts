import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  SPEECH_FORMATS,
  SPEECH_LANGUAGE_HINTS,
  SPEECH_VOICES,
  type SpeechFormat,
  type SpeechLanguageHint,
  type SpeechResult,
  type SpeechVoice,
  type TranscriptionResult,
} from '@kasa/contracts';

@ApiSchema({ name: 'SpeechResult', description: "Speech made from text, stored as the user's file." })
export class SpeechResultDoc implements SpeechResult {
  @ApiProperty({
    type: String,
    description: 'A short-lived signed link to the stored audio (no header needed).',
  })
  audioUrl: string;

  @ApiProperty({ enum: SPEECH_VOICES })
  voice: SpeechVoice;

  @ApiProperty({ enum: SPEECH_FORMATS })
  format: SpeechFormat;

  @ApiProperty({ type: String, description: 'The text spoken (trimmed).' })
  text: string;

  @ApiProperty({ type: String, description: "The engine that spoke it: the model name, or 'espeak-ng'." })
  engine: string;

  @ApiProperty({
    type: Number,
    description: 'Seconds of audio, to one decimal (what the voice quota counted).',
  })
  duration: number;
}

@ApiSchema({ name: 'TranscriptionResult', description: 'The words of an uploaded recording.' })
export class TranscriptionResultDoc implements TranscriptionResult {
  @ApiProperty({ type: String })
  transcription: string;

  @ApiProperty({
    type: String,
    description:
      "The language heard, ISO 639-1 (e.g. 'en'); the hint when the engine detects none; 'und' when neither says.",
  })
  language: string;

  @ApiProperty({ type: Number, description: 'Seconds, to one decimal, measured from the audio.' })
  duration: number;

  @ApiProperty({ type: String, description: 'A short-lived signed link to the stored audio.' })
  audioUrl: string;

  @ApiProperty({
    type: String,
    description: "The engine that transcribed it: the model name, or 'pocketsphinx'.",
  })
  engine: string;
}

/** The multipart body of POST /api/voice/transcribe (documentation only: busboy reads it). */
@ApiSchema({
  name: 'TranscribeUpload',
  description: 'multipart/form-data: the audio file, and optionally a conversation and the language spoken.',
})
export class TranscribeUploadDoc {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description:
      'One audio file (WAV, MP3, Ogg, FLAC, M4A, WebM or AAC, recognised by its bytes), at most 50 MB.',
  })
  audio: unknown;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    description: "A conversation of the user's: the transcription becomes their message there.",
  })
  conversationId?: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    description:
      'Instead of conversationId, from a new chat: the id the app chose for it. The recording and its transcription start that conversation, titled from the transcription; another result sent with the same id joins it.',
  })
  newConversationId?: string;

  @ApiPropertyOptional({
    enum: SPEECH_LANGUAGE_HINTS,
    default: 'auto',
    description:
      'The language the user speaks ("I speak"), sent to speech-to-text as its hint; auto: the engine detects it (an engine that detects nothing hears its only language). GET /api/voice/capabilities says which it can transcribe.',
  })
  language?: SpeechLanguageHint;
}
