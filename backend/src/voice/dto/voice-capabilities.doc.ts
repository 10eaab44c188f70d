import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { SPEECH_LANGUAGES, type SpeechLanguageCode, type VoiceCapabilities } from '@kasa/contracts';

@ApiSchema({ name: 'SpeechToTextCapabilities', description: 'The speech-to-text engine configured here.' })
export class SpeechToTextCapabilitiesDoc {
  @ApiProperty({
    type: Boolean,
    description: 'False: no engine (transcriptions and voice turns answer 503 STT_UNAVAILABLE).',
  })
  available: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The model name, 'pocketsphinx', or null when unavailable.",
  })
  engine: string | null;

  @ApiProperty({
    enum: SPEECH_LANGUAGES.map((language) => language.code),
    isArray: true,
    nullable: true,
    description:
      "The only languages it can transcribe (the offline engine: ['en']), or null: any its model knows (an OpenAI-compatible server).",
  })
  languages: SpeechLanguageCode[] | null;

  @ApiProperty({
    type: Boolean,
    description:
      'It detects the language itself (language auto works); false: auto means its first language.',
  })
  detectsLanguage: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Why it is unavailable, naming what to install or configure: for administrators (ADMIN_USERNAMES) only; null when available and for everyone else.',
  })
  unavailableReason: string | null;
}

@ApiSchema({ name: 'TextToSpeechCapabilities', description: 'The text-to-speech engine configured here.' })
export class TextToSpeechCapabilitiesDoc {
  @ApiProperty({ type: String, description: "The model name, or 'espeak-ng'." })
  engine: string;
}

@ApiSchema({
  name: 'VoiceCapabilities',
  description: "What this server's voice engines can do, read before recording.",
})
export class VoiceCapabilitiesDoc implements VoiceCapabilities {
  @ApiProperty({ type: SpeechToTextCapabilitiesDoc })
  speechToText: SpeechToTextCapabilitiesDoc;

  @ApiProperty({ type: TextToSpeechCapabilitiesDoc })
  textToSpeech: TextToSpeechCapabilitiesDoc;
}
