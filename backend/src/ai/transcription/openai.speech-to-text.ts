import { readFile } from 'node:fs/promises';
import { Logger } from '@nestjs/common';
import OpenAI, { toFile } from 'openai';
import type { AiConfig, SpeechConfig } from '../../config';
import { detectAudioType } from '../audio/audio-type';
import { probeDurationSeconds } from '../../processes/ffmpeg';
import { classifyAudioProviderError, createOpenAiAudioClient } from '../audio/openai-audio-client';
import { VoiceEngineError } from '../audio/voice-engine.error';
import { redactSecrets, settingToCheck } from '../openai/provider-errors';
import { spokenLanguageCode } from './spoken-language';
import type { SpeechToText, TranscriptionRequest, TranscriptionResult } from './transcription.port';

/**
 * Speech-to-text on an OpenAI-compatible server (`POST /audio/transcriptions`, multipart, STT_MODEL):
 * OpenAI's whisper-1 or a faster-whisper server. The user's language hint goes as `language`;
 * `verbose_json` gives the language heard (a name or a code: spoken-language.ts). The duration is
 * measured here with ffprobe, never taken from the provider (it is what the quota counts).
 */
export class OpenAiSpeechToText implements SpeechToText {
  readonly engine = 'openai' as const;
  readonly unavailableReason = undefined;
  readonly languages = null;
  readonly detectsLanguage = true;
  readonly model: string;
  private readonly client: OpenAI;
  private readonly logger = new Logger('OpenAiSpeechToText');

  constructor(
    private readonly ai: AiConfig,
    speech: Pick<SpeechConfig, 'sttModel'>,
    options: { fetch?: typeof fetch } = {},
  ) {
    this.model = speech.sttModel;
    this.client = createOpenAiAudioClient(ai, options.fetch);
  }

  async transcribe({ audio, contentType, language }: TranscriptionRequest): Promise<TranscriptionResult> {
    const bytes = typeof audio === 'string' ? await readFile(audio) : audio;
    let durationSeconds: number;
    try {
      durationSeconds = await probeDurationSeconds(bytes);
    } catch (error) {
      throw new VoiceEngineError(
        'VOICE_AUDIO_UNREADABLE',
        'This audio could not be read. Please try another recording.',
        error instanceof Error ? error.message : String(error),
      );
    }
    // Servers pick the decoder from the file name's extension.
    const extension = detectAudioType(bytes)?.extension ?? 'bin';
    try {
      const answer = await this.client.audio.transcriptions.create({
        file: await toFile(bytes, `audio.${extension}`, { type: contentType }),
        model: this.model,
        response_format: 'verbose_json',
        ...(language ? { language } : {}),
      });
      return {
        text: answer.text.trim(),
        language: spokenLanguageCode(answer.language, language),
        durationSeconds,
        engine: this.engine,
      };
    } catch (error) {
      const failure = classifyAudioProviderError(error, this.model, 'STT_MODEL');
      this.logger.warn(
        `Transcription failed: ${redactSecrets(failure.detail, this.ai.openaiApiKey)}${settingToCheck(failure.error)}`,
      );
      throw failure.error;
    }
  }
}
