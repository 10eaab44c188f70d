import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { goForwardWavFile } from './speech';

/**
 * A microphone the test speaks into when it chooses, for voice mode.
 *
 * Why not Chromium's fake capture device (support/browser.ts withFakeMicrophone)? It plays its
 * file in a loop for as long as the microphone is open, so voice mode, which keeps listening,
 * would hear the sentence again and again: every pause would send a new turn, and the words would
 * barge in on every answer. Here getUserMedia answers a MediaStream of a Web Audio graph that is
 * silent until `say()` plays the real recorded speech (support/speech.ts, "go forward ten meters")
 * into it. The page then meets a real MediaStream: its recorder (MediaRecorder, Opus), its level
 * meter and its voice-activity detector run on Chromium's own audio stack as with a real device;
 * only the moment the person speaks is the test's.
 *
 * Each getUserMedia call answers clones of one track, so a recorder that stops its tracks never
 * silences another holder of the microphone. Calls that ask for video go to the real function.
 */
export interface ControllableMicrophone {
  /** Plays the recorded sentence into the microphone; resolves when it has been said. */
  say(): Promise<void>;
  /** How many times the page has opened the microphone (getUserMedia with audio). */
  opened(): Promise<number>;
}

interface MicrophoneWindow {
  __kasaMic: { say(): Promise<void>; opened: number };
}

/** Installs the microphone before any script of the page runs (call before page.goto). */
export async function useControllableMicrophone(page: Page): Promise<ControllableMicrophone> {
  const wavBase64 = readFileSync(goForwardWavFile()).toString('base64');
  await page.addInitScript((speech: string) => {
    // The recording peaks at -14 dBFS. A real microphone's stream has been through the automatic
    // gain control the page asks for (recorder.ts openMicrophone: autoGainControl); this one skips
    // Chromium's audio processing, so the sentence is brought to the level AGC would give it
    // (peak 0.8), the level voice mode's detector is tuned for (vad/speech-detector.ts).
    const SPOKEN_PEAK = 0.8;
    let context: AudioContext | undefined;
    let destination: MediaStreamAudioDestinationNode | undefined;
    let sentence: Promise<AudioBuffer> | undefined;
    const mic = { opened: 0, say };

    async function graph(): Promise<{ context: AudioContext; destination: MediaStreamAudioDestinationNode }> {
      context ??= new AudioContext();
      if (!destination) {
        destination = context.createMediaStreamDestination();
        // One channel, as a phone's microphone gives.
        destination.channelCount = 1;
      }
      // Created before a tap it starts suspended (autoplay policy); the page has been tapped by then.
      if (context.state !== 'running') await context.resume();
      return { context, destination };
    }

    async function say(): Promise<void> {
      const { context: audio, destination: input } = await graph();
      sentence ??= audio.decodeAudioData(Uint8Array.from(atob(speech), (c) => c.charCodeAt(0)).buffer);
      const buffer = await sentence;
      const source = audio.createBufferSource();
      source.buffer = buffer;
      const gain = audio.createGain();
      gain.gain.value = SPOKEN_PEAK / peakOf(buffer);
      source.connect(gain).connect(input);
      await new Promise<void>((resolve) => {
        source.onended = () => resolve();
        source.start();
      });
      source.disconnect();
      gain.disconnect();
    }

    function peakOf(buffer: AudioBuffer): number {
      let peak = 0;
      for (const sample of buffer.getChannelData(0)) peak = Math.max(peak, Math.abs(sample));
      return peak || 1;
    }

    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints?: MediaStreamConstraints) => {
      if (!constraints?.audio || constraints.video) return original(constraints);
      const { destination: input } = await graph();
      mic.opened += 1;
      return new MediaStream(input.stream.getAudioTracks().map((track) => track.clone()));
    };
    (window as unknown as MicrophoneWindow).__kasaMic = mic;
  }, wavBase64);

  return {
    say: () => page.evaluate(() => (window as unknown as MicrophoneWindow).__kasaMic.say()),
    opened: () => page.evaluate(() => (window as unknown as MicrophoneWindow).__kasaMic.opened),
  };
}
