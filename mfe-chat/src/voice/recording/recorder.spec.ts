import {
  MicrophoneError,
  RECORDING_BITS_PER_SECOND,
  openMicrophone,
  recordingMimeType,
  rms,
  startRecording,
} from './recorder';
import { installFakeAudio, type FakeAudio } from './testing/fake-audio-browser';

let audio: FakeAudio;
beforeEach(() => {
  jest.useFakeTimers();
  audio = installFakeAudio();
});
afterEach(() => {
  audio.restore();
  jest.useRealTimers();
});

test('the mime type: Opus in WebM first, then Ogg Opus, plain WebM, MP4, else the browser’s own choice', () => {
  audio.supported = ['audio/mp4', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/webm;codecs=opus'];
  expect(recordingMimeType()).toBe('audio/webm;codecs=opus');
  audio.supported = ['audio/mp4', 'audio/ogg;codecs=opus'];
  expect(recordingMimeType()).toBe('audio/ogg;codecs=opus');
  audio.supported = ['audio/mp4', 'audio/webm'];
  expect(recordingMimeType()).toBe('audio/webm');
  audio.supported = ['audio/mp4'];
  expect(recordingMimeType()).toBe('audio/mp4');
  audio.supported = [];
  expect(recordingMimeType()).toBe('');
});

test('rms: silence is 0, a full-scale square wave 1, half amplitude one half', () => {
  expect(rms(new Float32Array(8))).toBe(0);
  expect(rms(Float32Array.from([1, -1, 1, -1]))).toBe(1);
  expect(rms(Float32Array.from([0.5, -0.5, 0.5, -0.5]))).toBeCloseTo(0.5);
  expect(rms(new Float32Array(0))).toBe(0);
});

test('the microphone is asked for mono with echo cancellation, noise suppression and gain control; its level is the RMS', async () => {
  const mic = await openMicrophone();
  expect(audio.requests).toEqual([
    { audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true } },
  ]);
  audio.amplitude = 0.25;
  expect(mic.level()).toBeCloseTo(0.25);
  mic.close();
  expect(audio.tracks[0].stopped).toBe(true);
  expect(audio.contextsClosed).toBe(1);
  expect(mic.level()).toBe(0);
});

test('a recording: Opus at 16 kbit/s; stop answers a Blob with its type and duration, and frees its own microphone', async () => {
  audio.supported = ['audio/ogg;codecs=opus'];
  const recording = await startRecording();
  expect(audio.recorders[0].options).toEqual({
    mimeType: 'audio/ogg;codecs=opus',
    audioBitsPerSecond: RECORDING_BITS_PER_SECOND,
  });
  expect(RECORDING_BITS_PER_SECOND).toBe(16000);
  expect(audio.recorders[0].state).toBe('recording');
  audio.amplitude = 0.5;
  expect(recording.level()).toBeCloseTo(0.5);
  jest.advanceTimersByTime(3400);
  expect(recording.elapsedMs()).toBe(3400);
  const done = await recording.stop();
  expect(done.mimeType).toBe('audio/ogg;codecs=opus');
  expect(done.audio.type).toBe('audio/ogg;codecs=opus');
  expect(done.audio.size).toBe('opus-bytes'.length);
  expect(done.durationMs).toBe(3400);
  expect(audio.tracks[0].stopped).toBe(true);
  // A second stop answers the same recording; the level of a stopped recorder is 0.
  expect(await recording.stop()).toBe(done);
  expect(recording.level()).toBe(0);
});

test('on a microphone it was given (voice mode), stopping leaves the microphone open', async () => {
  const mic = await openMicrophone();
  const recording = await startRecording(mic);
  await recording.stop();
  expect(audio.tracks[0].stopped).toBe(false);
  expect(audio.requests).toHaveLength(1);
  const next = await startRecording(mic);
  next.cancel();
  expect(audio.tracks[0].stopped).toBe(false);
  mic.close();
  expect(audio.tracks[0].stopped).toBe(true);
});

test('cancel discards: the recorder stops, its own microphone closes, stop then rejects', async () => {
  const recording = await startRecording();
  recording.cancel();
  expect(audio.recorders[0].state).toBe('inactive');
  expect(audio.tracks[0].stopped).toBe(true);
  await expect(recording.stop()).rejects.toBeInstanceOf(MicrophoneError);
});

test.each([
  ['NotAllowedError', 'denied'],
  ['SecurityError', 'denied'],
  ['NotFoundError', 'missing'],
  ['OverconstrainedError', 'missing'],
  ['NotReadableError', 'failed'],
])('getUserMedia refused with %s: a MicrophoneError "%s"', async (name, problem) => {
  audio.refuse = name;
  await expect(startRecording()).rejects.toMatchObject({ name: 'MicrophoneError', problem });
});
