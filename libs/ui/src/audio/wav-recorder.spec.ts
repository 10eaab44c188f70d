import { encodeWav, resample, startWavRecording } from './wav-recorder';
import { installFakeMicrophone } from '../testing/fake-microphone';

const text = (view: DataView, offset: number, length: number) =>
  String.fromCharCode(...Array.from({ length }, (_, i) => view.getUint8(offset + i)));

describe('encodeWav', () => {
  test('writes a 44-byte PCM16 mono header and the clipped samples, little-endian', () => {
    const buffer = encodeWav(new Float32Array([0, 1, -1, 0.5, 2, -3]), 16_000);
    const view = new DataView(buffer);
    expect(buffer.byteLength).toBe(44 + 6 * 2);
    expect(text(view, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + 12);
    expect(text(view, 8, 8)).toBe('WAVEfmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(text(view, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(12);
    const samples = Array.from({ length: 6 }, (_, i) => view.getInt16(44 + i * 2, true));
    expect(samples).toEqual([0, 32767, -32768, 16383, 32767, -32768]);
  });

  test('an empty recording is a valid header with no data', () => {
    const view = new DataView(encodeWav(new Float32Array(0), 8000));
    expect(view.byteLength).toBe(44);
    expect(view.getUint32(40, true)).toBe(0);
  });
});

describe('resample', () => {
  test('48 kHz to 16 kHz keeps a third of the samples, each the mean of the three it covers', () => {
    const input = new Float32Array([0.3, 0.3, 0.3, -0.6, -0.6, -0.6, 0, 0.3, 0.6]);
    expect(Array.from(resample(input, 48_000, 16_000))).toEqual([
      expect.closeTo(0.3),
      expect.closeTo(-0.6),
      expect.closeTo(0.3),
    ]);
  });

  test('going up interpolates between neighbours; the same rate copies', () => {
    expect(Array.from(resample(new Float32Array([0, 1]), 8000, 16_000))).toEqual([0, 0.5, 1, 1]);
    const same = new Float32Array([0.1, 0.2]);
    const copy = resample(same, 16_000, 16_000);
    expect(copy).toEqual(same);
    expect(copy).not.toBe(same);
  });
});

describe('startWavRecording', () => {
  test('records the microphone, then gives a 16 kHz mono WAV and releases the microphone', async () => {
    const mic = installFakeMicrophone({ sampleRate: 48_000 });
    const recording = await startWavRecording();
    mic.speak(new Float32Array(4800).fill(0.5)); // 0.1 s at 48 kHz
    const blob = await recording.stop();
    expect(blob.type).toBe('audio/wav');
    expect(blob.size).toBe(44 + 1600 * 2); // 0.1 s at 16 kHz, 2 bytes a sample
    expect(mic.released()).toBe(true);
    await expect(recording.stop()).rejects.toThrow('already ended');
    mic.uninstall();
  });

  test('cancel releases the microphone; a refused microphone rejects', async () => {
    const mic = installFakeMicrophone({ sampleRate: 44_100 });
    const recording = await startWavRecording();
    recording.cancel();
    expect(mic.released()).toBe(true);
    mic.uninstall();

    const refused = installFakeMicrophone({ refuse: true });
    await expect(startWavRecording()).rejects.toThrow('Permission denied');
    refused.uninstall();
  });

  test('without getUserMedia it rejects with a reason', async () => {
    await expect(startWavRecording()).rejects.toThrow('cannot record');
  });
});
