/**
 * Microphone recording to a small WAV file: 16 kHz mono PCM16, what speech recognition needs and
 * about a third of the bytes of the microphone's own 48 kHz (recordings go over mobile data).
 * Built on getUserMedia and the Web Audio API, so every browser records the same format.
 */

import { WAV_SAMPLE_RATE } from './wav-format';

export { WAV_SAMPLE_RATE };

export interface WavRecording {
  /** Ends the recording and gives the WAV file (audio/wav). */
  stop(): Promise<Blob>;
  /** Ends the recording and drops what was heard. */
  cancel(): void;
}

/**
 * `samples` (mono, -1..1) resampled from `fromRate` to `toRate` by linear interpolation. Going
 * down, each output sample first averages the input samples it covers, so that high pitches the
 * lower rate cannot hold do not fold back as noise.
 */
export function resample(samples: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate || samples.length === 0) return samples.slice();
  const ratio = fromRate / toRate;
  const length = Math.max(1, Math.round(samples.length / ratio));
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    if (ratio > 1) {
      const start = Math.floor(i * ratio);
      const end = Math.min(samples.length, Math.max(start + 1, Math.floor((i + 1) * ratio)));
      let sum = 0;
      for (let j = start; j < end; j++) sum += samples[j];
      out[i] = sum / (end - start);
    } else {
      const position = i * ratio;
      const before = Math.floor(position);
      const after = Math.min(samples.length - 1, before + 1);
      const weight = position - before;
      out[i] = samples[before] * (1 - weight) + samples[after] * weight;
    }
  }
  return out;
}

/** A mono PCM16 WAV file (RIFF, 44-byte header) of `samples` (-1..1, clipped) at `sampleRate`. */
export function encodeWav(samples: Float32Array, sampleRate: number): ArrayBuffer {
  const bytesPerSample = 2;
  const dataSize = samples.length * bytesPerSample;
  const buffer = new ArrayBuffer(44 + dataSize);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataSize, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // size of the fmt chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * bytesPerSample, true); // bytes per second
  view.setUint16(32, bytesPerSample, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataSize, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    view.setInt16(44 + i * bytesPerSample, s < 0 ? s * 0x8000 : s * 0x7fff, true);
  }
  return buffer;
}

/** The chunks joined into one array. */
function concat(chunks: Float32Array[]): Float32Array {
  const out = new Float32Array(chunks.reduce((n, chunk) => n + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * Asks for the microphone and starts recording. Rejects when the browser has no microphone
 * access (refused, no device, no getUserMedia): the caller says it could not record.
 */
export async function startWavRecording(): Promise<WavRecording> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot record audio');
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
  });
  let context: AudioContext;
  try {
    context = new AudioContext();
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    throw error;
  }
  const source = context.createMediaStreamSource(stream);
  // ScriptProcessorNode is deprecated but works everywhere without a separate worklet file; the
  // audio it passes on is silence (its output buffer is left empty), so nothing echoes.
  const processor = context.createScriptProcessor(4096, 1, 1);
  const chunks: Float32Array[] = [];
  processor.onaudioprocess = (event) => {
    chunks.push(new Float32Array(event.inputBuffer.getChannelData(0)));
  };
  source.connect(processor);
  processor.connect(context.destination);

  let ended = false;
  const end = () => {
    ended = true;
    processor.onaudioprocess = null;
    source.disconnect();
    processor.disconnect();
    for (const track of stream.getTracks()) track.stop();
    void context.close().catch(() => undefined);
  };

  return {
    async stop() {
      if (ended) throw new Error('The recording has already ended');
      const rate = context.sampleRate;
      end();
      const samples = resample(concat(chunks), rate, WAV_SAMPLE_RATE);
      return new Blob([encodeWav(samples, WAV_SAMPLE_RATE)], { type: 'audio/wav' });
    },
    cancel() {
      if (!ended) end();
    },
  };
}
