import { readFile } from 'node:fs/promises';
import { convertAudio } from '../../src/processes/ffmpeg';

/** Real recordings of people speaking, from Debian's pocketsphinx-testdata (.ci/run installs it). */
export const POCKETSPHINX_TESTDATA = '/usr/share/pocketsphinx/test/data';
/** "go forward ten meters": 16 kHz mono 16-bit PCM without a header. */
export const GO_FORWARD_RAW = `${POCKETSPHINX_TESTDATA}/goforward.raw`;
/** "he was not an ill disposed young man" (LibriVox, Sense and Sensibility). */
export const LIBRIVOX_WAV = `${POCKETSPHINX_TESTDATA}/librivox/sense_and_sensibility_01_austen_64kb-0880.wav`;

/** The raw 16 kHz mono recording with a WAV header, as the browser's recorder uploads it. */
export async function goForwardWav(): Promise<Buffer> {
  const pcm = await readFile(GO_FORWARD_RAW);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/**
 * "go forward ten meters" as a browser records it: Opus at 16 kbit/s mono, in WebM (Chrome's and
 * Firefox's MediaRecorder) or Ogg (Firefox), made with the same ffmpeg the server uses. The WebM
 * is written as a live stream, as MediaRecorder writes it: no duration in its header.
 */
export async function goForwardOpus(container: 'webm' | 'ogg'): Promise<Buffer> {
  return convertAudio(await goForwardWav(), [
    '-ac',
    '1',
    '-c:a',
    'libopus',
    '-b:a',
    '16k',
    '-application',
    'voip',
    ...(container === 'webm' ? ['-live', '1'] : []),
    '-f',
    container,
  ]);
}
