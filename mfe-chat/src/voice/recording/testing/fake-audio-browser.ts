// Fakes of the browser's audio APIs (getUserMedia, AudioContext + AnalyserNode, MediaRecorder),
// installed in the recorder's seam (../recorder.ts audioBrowser): jsdom has none of them. The
// recorder, the bar and the dialogs run for real on top. The clock stays performance.now(), which
// Jest's fake timers move.
import { audioBrowser } from '../recorder';

export class FakeTrack {
  stopped = false;
  stop() {
    this.stopped = true;
  }
}

export class FakeMediaRecorder extends EventTarget {
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  /** What the recorder writes once stopped: one chunk of this text. */
  static payload = 'opus-bytes';
  constructor(
    readonly stream: MediaStream,
    readonly options: MediaRecorderOptions,
  ) {
    super();
  }
  get mimeType() {
    return this.options.mimeType ?? '';
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    // As browsers do: the last data, then 'stop', after the current task.
    void Promise.resolve().then(() => {
      const data = new Blob([FakeMediaRecorder.payload], { type: this.mimeType });
      this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }));
      this.dispatchEvent(new Event('stop'));
    });
  }
}

export interface FakeAudio {
  /** Constraints getUserMedia was asked with, per call. */
  requests: MediaStreamConstraints[];
  tracks: FakeTrack[];
  recorders: FakeMediaRecorder[];
  contextsClosed: number;
  /** The samples the analyser reads next (a steady signal of this amplitude, as a square wave). */
  amplitude: number;
  /** Mime types MediaRecorder says it supports. */
  supported: string[];
  /** Set: getUserMedia rejects with a DOMException of this name. */
  refuse: string | null;
  restore(): void;
}

/** Puts fakes of the browser's audio APIs into the recorder's seam; `restore()` puts the real ones back. */
export function installFakeAudio(): FakeAudio {
  const saved = { ...audioBrowser };
  const fake: FakeAudio = {
    requests: [],
    tracks: [],
    recorders: [],
    contextsClosed: 0,
    amplitude: 0,
    supported: ['audio/webm;codecs=opus', 'audio/webm'],
    refuse: null,
    restore: () => Object.assign(audioBrowser, saved),
  };
  audioBrowser.getUserMedia = async (constraints) => {
    fake.requests.push(constraints);
    if (fake.refuse) throw new DOMException('refused', fake.refuse);
    const track = new FakeTrack();
    fake.tracks.push(track);
    return { getTracks: () => [track], getAudioTracks: () => [track] } as unknown as MediaStream;
  };
  audioBrowser.createAudioContext = () =>
    ({
      state: 'running',
      resume: async () => undefined,
      close: async () => {
        fake.contextsClosed += 1;
      },
      createAnalyser: () => ({
        fftSize: 2048,
        getFloatTimeDomainData(samples: Float32Array) {
          samples.forEach((_, i) => (samples[i] = i % 2 ? fake.amplitude : -fake.amplitude));
        },
      }),
      createMediaStreamSource: () => ({ connect: () => undefined, disconnect: () => undefined }),
    }) as unknown as AudioContext;
  audioBrowser.createMediaRecorder = (stream, options) => {
    const recorder = new FakeMediaRecorder(stream, options);
    fake.recorders.push(recorder);
    return recorder as unknown as MediaRecorder;
  };
  audioBrowser.isTypeSupported = (type) => fake.supported.includes(type);
  return fake;
}
