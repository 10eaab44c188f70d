import type { SpeechFormat } from './speech.port';

/**
 * ffmpeg output options per format. Opus only takes 8 to 48 kHz in fixed steps, so eSpeak's
 * 22.05 kHz is resampled to 24 kHz.
 */
export const FFMPEG_ENCODINGS: Record<SpeechFormat, readonly string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3'],
  opus: ['-ar', '24000', '-c:a', 'libopus', '-b:a', '32k', '-f', 'ogg'],
  aac: ['-c:a', 'aac', '-b:a', '64k', '-f', 'adts'],
  flac: ['-c:a', 'flac', '-f', 'flac'],
};
