import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { VoiceTranscript } from '@kasa/contracts';

/**
 * What a spoken turn heard (POST /api/voice/turns): the JSON of `confirm=true`, and the
 * `transcription` of its stream's ids event. Here, not in voice/, because the chat's stream
 * event documents it and chat does not import voice.
 */
@ApiSchema({ name: 'VoiceTranscript', description: 'The transcription of a spoken turn.' })
export class VoiceTranscriptDoc implements VoiceTranscript {
  @ApiProperty({
    type: String,
    format: 'uuid',
    description:
      'The stored recording: send it again as `recordingId` (another language, or a corrected text).',
  })
  recordingId: string;

  @ApiProperty({ type: String })
  transcription: string;

  @ApiProperty({
    type: String,
    description: 'The language heard (ISO 639-1), or the hint when the engine does not detect one.',
    example: 'fr',
  })
  language: string;

  @ApiProperty({ type: Number, description: 'Seconds, to one decimal (what the voice quota counted).' })
  duration: number;

  @ApiProperty({ type: String, description: 'A short-lived signed link to the recording.' })
  audioUrl: string;

  @ApiProperty({
    type: String,
    description: "The engine that transcribed it: the model name, or 'pocketsphinx'.",
  })
  engine: string;
}
