import type { WavRecording } from './wav-recorder';

export type { WavRecording } from './wav-recorder';
export { WAV_SAMPLE_RATE } from './wav-format';

/**
 * Asks for the microphone and records 16 kHz mono WAV (small uploads on costly data). The
 * recorder is a chunk of its own: @kasa/ui is on every first screen, recording on none.
 */
export async function startWavRecording(): Promise<WavRecording> {
  const { startWavRecording: start } = await import('./wav-recorder');
  return start();
}
