/**
 * A stand-in microphone for tests in jsdom (which has neither getUserMedia nor Web Audio):
 * installs navigator.mediaDevices.getUserMedia and a minimal AudioContext that feed
 * startWavRecording what `speak` is given. Exported for the tests of the screens that record.
 */
export interface FakeMicrophone {
  /** Delivers samples (mono, -1..1) as the microphone would, in one audio callback. */
  speak(samples: Float32Array): void;
  /** Whether the recorder stopped the microphone's tracks and closed its audio context. */
  released(): boolean;
  uninstall(): void;
}

type Processor = { onaudioprocess: ((event: unknown) => void) | null };

export function installFakeMicrophone({
  sampleRate = 48_000,
  refuse = false,
}: { sampleRate?: number; refuse?: boolean } = {}): FakeMicrophone {
  let processor: Processor | undefined;
  let tracksStopped = false;
  let contextClosed = false;
  const node = () => ({ connect: () => undefined, disconnect: () => undefined });
  const stream = { getTracks: () => [{ stop: () => void (tracksStopped = true) }] };

  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: async () => {
        if (refuse) throw new DOMException('Permission denied', 'NotAllowedError');
        return stream;
      },
    },
  });
  class FakeAudioContext {
    readonly sampleRate = sampleRate;
    readonly destination = node();
    createMediaStreamSource() {
      return node();
    }
    createScriptProcessor() {
      processor = { ...node(), onaudioprocess: null };
      return processor;
    }
    async close() {
      contextClosed = true;
    }
  }
  (globalThis as { AudioContext?: unknown }).AudioContext = FakeAudioContext;

  return {
    speak(samples) {
      processor?.onaudioprocess?.({ inputBuffer: { getChannelData: () => samples } });
    },
    released: () => tracksStopped && contextClosed,
    uninstall() {
      delete (navigator as { mediaDevices?: unknown }).mediaDevices;
      delete (globalThis as { AudioContext?: unknown }).AudioContext;
    },
  };
}
