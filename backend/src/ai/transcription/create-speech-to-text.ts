import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config';
import { OpenAiSpeechToText } from './openai.speech-to-text';
import { PocketsphinxSpeechToText } from './pocketsphinx.speech-to-text';
import type { SpeechToText } from './transcription.port';

/** The speech-to-text engine configuration asks for (STT_ENGINE; unset: like chat). */
export function createSpeechToText(config: AppConfig): SpeechToText {
  const logger = new Logger('AiModule');
  if (config.speech.sttEngine === 'openai-compatible') {
    const stt = new OpenAiSpeechToText(config.ai, config.speech);
    logger.log(`Speech-to-text engine: OpenAI-compatible server, model ${stt.model}`);
    return stt;
  }
  const stt = new PocketsphinxSpeechToText(config.speech.pocketsphinx);
  if (stt.unavailableReason) logger.warn(`Speech-to-text engine: unavailable: ${stt.unavailableReason}`);
  else if (stt.mode === 'warm decoder')
    logger.log(
      'Speech-to-text engine: pocketsphinx offline, English, decoders kept loaded (python3-pocketsphinx) ' +
        '(set STT_ENGINE=openai-compatible for Whisper)',
    );
  else
    logger.warn(
      'Speech-to-text engine: pocketsphinx offline, English, pocketsphinx_continuous started per recording ' +
        '(~0.7 s slower each: install python3-pocketsphinx to keep the model loaded)',
    );
  return stt;
}
