// The microphone, behind one seam: component tests replace `recorder.start` (jsdom has no microphone).
import { startWavRecording, type WavRecording } from '@kasa/ui';

export type { WavRecording };

export const recorder = {
  /** Asks for the microphone and starts a 16 kHz mono WAV recording; rejects when refused. */
  start: (): Promise<WavRecording> => startWavRecording(),
};
