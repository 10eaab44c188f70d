import { Inject, Injectable } from '@nestjs/common';
import { probeDurationSeconds } from '../../processes/ffmpeg';
import { SPEECH_CONTENT_TYPES, TEXT_TO_SPEECH, type TextToSpeech } from '../../ai/speech/speech.port';
import { SPEECH_TO_TEXT, type SpeechToText } from '../../ai/transcription/transcription.port';
import { FilesService, jobOutputFileId } from '../../files';
import { type JobContext, OnJob } from '../../queue/on-job.decorator';
import { meteredSeconds } from '../speech-seconds';
import { voiceEngineName } from '../voice-engine-name';
import { voiceFailure } from '../voice-failure';
import { withStoredFileCopy } from './stored-audio';
import type { SpeakJob, SpokenAudio, TranscribeJob, Transcript } from './voice.job-types';

/** Speech out and speech in, run in the workers. */
@Injectable()
export class VoiceJobs {
  constructor(
    @Inject(TEXT_TO_SPEECH) private readonly tts: TextToSpeech & { model?: string },
    @Inject(SPEECH_TO_TEXT) private readonly stt: SpeechToText & { model?: string },
    private readonly files: FilesService,
  ) {}

  /**
   * The reservation (an estimate) is settled to the real seconds by the worker (`usage`), and the
   * audio is stored under the job's own file id: a re-run replaces it, never adds a second.
   */
  @OnJob({ name: 'voice.speak', concurrency: 2, usage: (spoken) => meteredSeconds(spoken.duration) })
  async speak({ userId, text, voice, format }: SpeakJob, job: JobContext): Promise<SpokenAudio> {
    try {
      const speech = await this.tts.synthesize({ text, voice, format });
      const duration = speech.durationSeconds ?? (await probeDurationSeconds(speech.audio));
      const file = await this.files.store(userId, {
        id: jobOutputFileId(job.key),
        kind: 'audio',
        contentType: SPEECH_CONTENT_TYPES[format],
        body: speech.audio,
      });
      return { fileId: file.id, engine: voiceEngineName(this.tts), duration };
    } catch (error) {
      throw voiceFailure(error);
    }
  }

  @OnJob({ name: 'voice.transcribe', concurrency: 2 })
  async transcribe({ userId, fileId, contentType, language }: TranscribeJob): Promise<Transcript> {
    try {
      const result = await withStoredFileCopy(this.files, userId, fileId, (audio) =>
        this.stt.transcribe({ audio, contentType, ...(language ? { language } : {}) }),
      );
      return { transcription: result.text, language: result.language, engine: voiceEngineName(this.stt) };
    } catch (error) {
      throw voiceFailure(error);
    }
  }
}
