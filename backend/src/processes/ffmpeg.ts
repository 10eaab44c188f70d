import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess } from './run-process';

/**
 * The static ffmpeg and ffprobe binaries shipped through npm (no system package needed). Looked
 * up on first use, not at import: a platform without the binary fails the audio call with a clear
 * error instead of the whole server at start.
 */
export function ffmpegPath(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (see above)
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export function ffprobePath(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (see above)
  return (require('@ffprobe-installer/ffprobe') as { path: string }).path;
}

/** Audio in memory (piped through stdin) or a file on disk. */
export type AudioInput = Buffer | string;

function inputArgs(input: AudioInput): { args: string[]; stdin?: Buffer } {
  return typeof input === 'string' ? { args: ['-i', input] } : { args: ['-i', 'pipe:0'], stdin: input };
}

/**
 * Converts audio with ffmpeg: `outputArgs` are the codec and container options. The output goes
 * to a temporary file, not a pipe: FLAC (and MP4) headers are rewritten at the end with the total
 * length, which a pipe cannot do, leaving a file without a duration. Throws ProcessFailedError
 * when ffmpeg cannot read the input.
 */
export async function convertAudio(input: AudioInput, outputArgs: readonly string[]): Promise<Buffer> {
  const { args, stdin } = inputArgs(input);
  const output = join(tmpdir(), `kasa-audio-${randomUUID()}`);
  try {
    await runProcess(
      ffmpegPath(),
      ['-hide_banner', '-loglevel', 'error', '-nostdin', ...args, '-vn', ...outputArgs, '-y', output],
      { input: stdin },
    );
    return await readFile(output);
  } finally {
    await rm(output, { force: true });
  }
}

/**
 * The duration of some audio in seconds, to one decimal, as ffprobe measures it (the container's
 * duration, else the stream's). Audio in memory is written to a temporary file first: through a
 * pipe ffprobe cannot seek, and finds no duration in MP3, AAC or Ogg. Throws ProcessFailedError
 * when ffprobe cannot read it, and an Error when it reads no duration.
 */
export async function probeDurationSeconds(input: AudioInput): Promise<number> {
  if (typeof input !== 'string') {
    const file = join(tmpdir(), `kasa-probe-${randomUUID()}`);
    await writeFile(file, input);
    try {
      return await probeDurationSeconds(file);
    } finally {
      await rm(file, { force: true });
    }
  }
  const { stdout } = await runProcess(ffprobePath(), [
    '-v',
    'error',
    '-show_entries',
    'format=duration:stream=duration',
    '-of',
    'json',
    input,
  ]);
  const parsed = JSON.parse(stdout.toString('utf8')) as {
    format?: { duration?: string };
    streams?: { duration?: string }[];
  };
  const candidates = [parsed.format?.duration, ...(parsed.streams ?? []).map((stream) => stream.duration)];
  const seconds =
    candidates.map(Number).find((value) => Number.isFinite(value) && value > 0) ??
    (await lastPacketEndSeconds(input));
  if (seconds === undefined) throw new Error('ffprobe found no duration in the audio');
  return roundToTenth(seconds);
}

/**
 * Where the audio's last packet ends, for a file whose header gives no duration: a browser's
 * MediaRecorder writes WebM as a live stream, without a Duration (nor cues) to rewrite at the end.
 */
async function lastPacketEndSeconds(file: string): Promise<number | undefined> {
  const { stdout } = await runProcess(ffprobePath(), [
    '-v',
    'error',
    '-select_streams',
    'a:0',
    '-show_entries',
    'packet=pts_time,duration_time',
    '-of',
    'csv=p=0',
    file,
  ]);
  let end = 0;
  for (const line of stdout.toString('utf8').split('\n')) {
    const [start, length] = line.split(',').map(Number);
    if (Number.isFinite(start)) end = Math.max(end, start + (Number.isFinite(length) ? length : 0));
  }
  return end > 0 ? end : undefined;
}

/** 3.14159 → 3.1 (durations are shown and metered to one decimal). */
export function roundToTenth(seconds: number): number {
  return Math.round(seconds * 10) / 10;
}
