import type { SpeechFormat, SpeechLanguageCode, SpeechVoice } from '@kasa/contracts';

/** 'voice.speak': text to speech, stored as the user's 'audio' file. */
export interface SpeakJob {
  userId: string;
  text: string;
  voice: SpeechVoice;
  format: SpeechFormat;
}

export interface SpokenAudio {
  fileId: string;
  /** The model name, or 'espeak-ng'. */
  engine: string;
  /** Seconds, to one decimal. */
  duration: number;
}

/** 'voice.transcribe': an audio file already stored; the payload names it, never carries its bytes. */
export interface TranscribeJob {
  userId: string;
  fileId: string;
  /** As detected from the bytes at upload. */
  contentType: string;
  /** The user's "I speak" hint; unset: the engine detects the language. */
  language?: SpeechLanguageCode;
}

export interface Transcript {
  transcription: string;
  language: string;
  /** The model name, or 'pocketsphinx'. */
  engine: string;
}

declare module '../../queue/job-map' {
  interface JobMap {
    'voice.speak': { payload: SpeakJob; result: SpokenAudio };
    'voice.transcribe': { payload: TranscribeJob; result: Transcript };
  }
}
