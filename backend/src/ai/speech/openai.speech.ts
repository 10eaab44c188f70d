import { Logger } from '@nestjs/common';
import type OpenAI from 'openai';
import type { AiConfig, SpeechConfig } from '../../config';
import { classifyAudioProviderError, createOpenAiAudioClient } from '../audio/openai-audio-client';
import { detectAudioType } from '../audio/audio-type';
import { ChatModelError } from '../chat-model.port';
import { PROVIDER_FAILURES } from '../chat-model-failures';
import { redactSecrets, settingToCheck } from '../openai/provider-errors';
import {
  SPEECH_CONTENT_TYPES,
  type SpeechRequest,
  type SpeechResult,
  type TextToSpeech,
} from './speech.port';

/**
 * Text-to-speech on an OpenAI-compatible server (`POST /audio/speech`, TTS_MODEL): the answer is
 * the audio itself. Failures are ChatModelErrors with the chat's AI_* codes.
 */
export class OpenAiSpeech implements TextToSpeech {
  readonly engine = 'openai' as const;
  readonly model: string;
  private readonly client: OpenAI;
  private readonly logger = new Logger('OpenAiSpeech');

  constructor(
    private readonly ai: AiConfig,
    speech: Pick<SpeechConfig, 'ttsModel'>,
    options: { fetch?: typeof fetch } = {},
  ) {
    this.model = speech.ttsModel;
    this.client = createOpenAiAudioClient(ai, options.fetch);
  }

  async synthesize({ text, voice, format }: SpeechRequest): Promise<SpeechResult> {
    let audio: Buffer;
    try {
      const response = await this.client.audio.speech.create({
        model: this.model,
        voice,
        input: text,
        response_format: format,
      });
      audio = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      const failure = classifyAudioProviderError(error, this.model, 'TTS_MODEL');
      this.logger.warn(
        `Speech failed: ${redactSecrets(failure.detail, this.ai.openaiApiKey)}${settingToCheck(failure.error)}`,
      );
      throw failure.error;
    }
    // A proxy's error page or a server that ignores the format answers 200 too: what is stored and
    // served as audio must be audio.
    if (!detectAudioType(audio)) {
      this.logger.warn(`Speech failed: the server answered ${audio.length} bytes that are not audio`);
      throw new ChatModelError(PROVIDER_FAILURES.unreadable, 'unavailable');
    }
    return { audio, contentType: SPEECH_CONTENT_TYPES[format], format, engine: this.engine };
  }
}
