import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../config/load-config';
import { createSpeechToText } from '../transcription/create-speech-to-text';
import { OpenAiSpeechToText } from '../transcription/openai.speech-to-text';
import { PocketsphinxSpeechToText } from '../transcription/pocketsphinx.speech-to-text';
import { createTextToSpeech } from './create-text-to-speech';
import { EspeakSpeech } from './espeak-ng.speech';
import { OpenAiSpeech } from './openai.speech';

describe('the speech engines configuration picks', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'kasa-speech-config-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('are offline with nothing configured', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(createTextToSpeech(config)).toBeInstanceOf(EspeakSpeech);
    expect(createSpeechToText(config)).toBeInstanceOf(PocketsphinxSpeechToText);
  });

  it('follow an OpenAI key, each with its model, unless its engine is set to offline', () => {
    const config = loadConfig({ DATA_DIR: dataDir, OPENAI_API_KEY: 'sk-x', TTS_MODEL: 'gpt-4o-mini-tts' });
    const speech = createTextToSpeech(config);
    expect(speech).toBeInstanceOf(OpenAiSpeech);
    expect((speech as OpenAiSpeech).model).toBe('gpt-4o-mini-tts');
    expect(createSpeechToText(config)).toBeInstanceOf(OpenAiSpeechToText);

    const ollama = loadConfig({
      DATA_DIR: dataDir,
      OPENAI_BASE_URL: 'http://localhost:11434/v1',
      TTS_ENGINE: 'offline',
      STT_ENGINE: 'offline',
    });
    expect(createTextToSpeech(ollama)).toBeInstanceOf(EspeakSpeech);
    expect(createSpeechToText(ollama)).toBeInstanceOf(PocketsphinxSpeechToText);
  });
});
