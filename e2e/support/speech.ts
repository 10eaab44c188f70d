import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * "go forward ten meters", a real person speaking, from Debian's pocketsphinx-testdata: 16 kHz
 * mono 16-bit PCM without a header. The offline transcription (pocketsphinx) needs that package
 * and pocketsphinx-en-us; .ci/run installs them. When they are missing the tests fail, never skip.
 */
export const GO_FORWARD_RAW = '/usr/share/pocketsphinx/test/data/goforward.raw';

const SAMPLE_RATE = 16_000;
const BYTES_PER_SECOND = SAMPLE_RATE * 2;

/** A 16 kHz mono PCM16 WAV of `pcm` (the 44-byte RIFF header a browser or phone would write). */
function wavOf(pcm: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(BYTES_PER_SECOND, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/**
 * The recording as a 16 kHz mono WAV file, with half a second of silence before it and a second
 * after, so that when Chromium's fake microphone plays it in a loop the words stay whole. The raw
 * file already has the WAV's sample format: only the header and the silence are added. Written
 * once per machine; returns its path.
 */
export function goForwardWavFile(): string {
  if (!existsSync(GO_FORWARD_RAW)) {
    throw new Error(
      `${GO_FORWARD_RAW} is missing: install pocketsphinx-testdata (and pocketsphinx, pocketsphinx-en-us)`,
    );
  }
  const directory = join(tmpdir(), 'kasa-e2e');
  const wav = join(directory, 'goforward-16k-mono.wav');
  if (!existsSync(wav)) {
    mkdirSync(directory, { recursive: true });
    const silence = (seconds: number) => Buffer.alloc(seconds * BYTES_PER_SECOND);
    const pcm = Buffer.concat([silence(0.5), readFileSync(GO_FORWARD_RAW), silence(1)]);
    // Written aside, then renamed: a second worker never reads half a file.
    const partial = `${wav}.${process.pid}.partial`;
    writeFileSync(partial, wavOf(pcm));
    renameSync(partial, wav);
  }
  return wav;
}
