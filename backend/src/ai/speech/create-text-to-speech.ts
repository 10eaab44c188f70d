import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config';
import { EspeakSpeech } from './espeak-ng.speech';
import { OpenAiSpeech } from './openai.speech';
import type { TextToSpeech } from './speech.port';

/** The text-to-speech engine configuration asks for (TTS_ENGINE; unset: like chat). */
export function createTextToSpeech(config: AppConfig): TextToSpeech {
  const logger = new Logger('AiModule');
  if (config.speech.ttsEngine === 'openai-compatible') {
    const speech = new OpenAiSpeech(config.ai, config.speech);
    logger.log(`Text-to-speech engine: OpenAI-compatible server, model ${speech.model}`);
    return speech;
  }
  logger.log('Text-to-speech engine: eSpeak NG offline (set TTS_ENGINE=openai-compatible for a server)');
  return new EspeakSpeech();
}
