// The microphone and the recorder of the voice loop (docs/product.md#voice): Opus at about
// 16 kbit/s mono where the browser has it, an analyser for the level meter and voice mode's
// detector. Every browser call goes through `audioBrowser`, the one seam: jsdom has no
// MediaRecorder, getUserMedia or AudioContext, so the specs put fakes of those there.
import type { VoiceRecording } from '../voice-turn';

/** Opus first (about a sixteenth of a WAV of the same speech), then what the browser can make. */
export const RECORDING_MIME_TYPES = [
  'audio/webm;codecs=opus',
  'audio/ogg;codecs=opus',
  'audio/webm',
  'audio/mp4',
  '',
] as const;

/** Speech needs no more (docs/product.md#voice: about 16 kbit/s mono). */
export const RECORDING_BITS_PER_SECOND = 16_000;

/** Enough samples for a steady level at any sample rate, read every animation frame. */
const ANALYSER_FFT_SIZE = 2048;

/** The browser APIs the recorder uses, replaceable in tests. */
export const audioBrowser = {
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream> {
    if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia)
      return Promise.reject(new MicrophoneError('unsupported'));
    return navigator.mediaDevices.getUserMedia(constraints);
  },
  createAudioContext(): AudioContext {
    const Context =
      globalThis.AudioContext ??
      (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) throw new MicrophoneError('unsupported');
    return new Context();
  },
  createMediaRecorder(stream: MediaStream, options: MediaRecorderOptions): MediaRecorder {
    if (typeof MediaRecorder === 'undefined') throw new MicrophoneError('unsupported');
    return new MediaRecorder(stream, options);
  },
  isTypeSupported(mimeType: string): boolean {
    return typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(mimeType);
  },
  now(): number {
    return performance.now();
  },
};

/**
 * Why the microphone could not be used: `denied` (the user or the site settings refused it),
 * `missing` (no input device), `unsupported` (this browser cannot record), `failed` (anything
 * else: the device is busy in another app, the recorder broke).
 */
export type MicrophoneProblem = 'denied' | 'missing' | 'unsupported' | 'failed';

export class MicrophoneError extends Error {
  override readonly name = 'MicrophoneError';
  constructor(
    readonly problem: MicrophoneProblem,
    override readonly cause?: unknown,
  ) {
    super(`Microphone ${problem}`);
  }
}

/** getUserMedia's DOMException names (Media Capture and Streams) as the UI's four cases. */
function microphoneProblem(error: unknown): MicrophoneError {
  if (error instanceof MicrophoneError) return error;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return new MicrophoneError('denied', error);
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError')
    return new MicrophoneError('missing', error);
  return new MicrophoneError('failed', error);
}

export interface RecorderHandle {
  /** Current input level 0..1 (RMS of the last analyser frame), for meters and the detector. */
  level(): number;
  elapsedMs(): number;
  /** Stops and answers the recording (Opus where supported, ~16 kbit/s mono). */
  stop(): Promise<VoiceRecording>;
  /** Stops and discards. */
  cancel(): void;
}

export interface MicrophoneHandle {
  stream: MediaStream;
  analyser: AnalyserNode;
  level(): number;
  close(): void;
}

/** The best audio mime type MediaRecorder supports here, Opus first ('' lets the browser choose). */
export function recordingMimeType(): string {
  return RECORDING_MIME_TYPES.find((type) => type === '' || audioBrowser.isTypeSupported(type)) ?? '';
}

/** Root mean square of the samples (each -1..1): 0 silence, 1 a full-scale square wave. */
export function rms(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.min(1, Math.sqrt(sum / samples.length));
}

/** Asks for the microphone (echoCancellation, noiseSuppression, autoGainControl on, mono). */
export async function openMicrophone(): Promise<MicrophoneHandle> {
  let stream: MediaStream;
  try {
    stream = await audioBrowser.getUserMedia({
      audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
  } catch (error) {
    throw microphoneProblem(error);
  }
  const stopTracks = () => stream.getTracks().forEach((track) => track.stop());
  let context: AudioContext;
  try {
    context = audioBrowser.createAudioContext();
  } catch (error) {
    stopTracks();
    throw microphoneProblem(error);
  }
  // Made after a tap it normally runs; a context that starts suspended would read silence.
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  const analyser = context.createAnalyser();
  analyser.fftSize = ANALYSER_FFT_SIZE;
  const source = context.createMediaStreamSource(stream);
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  let closed = false;
  return {
    stream,
    analyser,
    level() {
      if (closed) return 0;
      analyser.getFloatTimeDomainData(samples);
      return rms(samples);
    },
    close() {
      if (closed) return;
      closed = true;
      source.disconnect();
      stopTracks();
      void context.close().catch(() => undefined);
    },
  };
}

/**
 * Starts recording on `microphone` when given (voice mode keeps one open between turns), else on
 * a microphone of its own, closed when the recording stops or is cancelled.
 */
export async function startRecording(microphone?: MicrophoneHandle): Promise<RecorderHandle> {
  const mic = microphone ?? (await openMicrophone());
  const closeOwn = () => {
    if (!microphone) mic.close();
  };
  const mimeType = recordingMimeType();
  let recorder: MediaRecorder;
  try {
    recorder = audioBrowser.createMediaRecorder(mic.stream, {
      ...(mimeType ? { mimeType } : {}),
      audioBitsPerSecond: RECORDING_BITS_PER_SECOND,
    });
  } catch (error) {
    closeOwn();
    throw microphoneProblem(error);
  }
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event: BlobEvent) => {
    if (event.data && event.data.size > 0) chunks.push(event.data);
  });
  const startedAt = audioBrowser.now();
  let endedAt: number | null = null;
  let result: Promise<VoiceRecording> | null = null;
  try {
    recorder.start();
  } catch (error) {
    closeOwn();
    throw microphoneProblem(error);
  }

  const finish = (): Promise<VoiceRecording> =>
    new Promise((resolve, reject) => {
      const answer = () => {
        closeOwn();
        // The recorder's own type names the container it really wrote (it may differ from the ask).
        const type = recorder.mimeType || mimeType || chunks[0]?.type || 'audio/webm';
        resolve({
          audio: new Blob(chunks, { type }),
          mimeType: type,
          durationMs: Math.round((endedAt ?? audioBrowser.now()) - startedAt),
        });
      };
      if (recorder.state === 'inactive') return answer();
      recorder.addEventListener('stop', answer, { once: true });
      recorder.addEventListener(
        'error',
        (event) => {
          closeOwn();
          reject(new MicrophoneError('failed', event));
        },
        { once: true },
      );
      recorder.stop();
    });

  return {
    level: () => (endedAt === null ? mic.level() : 0),
    elapsedMs: () => (endedAt ?? audioBrowser.now()) - startedAt,
    stop() {
      if (!result) {
        endedAt = audioBrowser.now();
        result = finish();
      }
      return result;
    },
    cancel() {
      if (result) return;
      endedAt = audioBrowser.now();
      result = Promise.reject(new MicrophoneError('failed', 'cancelled'));
      result.catch(() => undefined);
      chunks.length = 0;
      try {
        if (recorder.state !== 'inactive') recorder.stop();
      } finally {
        closeOwn();
      }
    },
  };
}
