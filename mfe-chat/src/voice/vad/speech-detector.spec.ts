import { BARGE_IN, LISTENING, SpeechDetector, type SpeechDetectorEvent } from './speech-detector';

/** The microphone's frame rate the detector is fed at (voice mode samples every 20 ms). */
const FRAME_MS = 20;

interface Run {
  /** The events reported, with the time (ms) of the sample that reported each. */
  events: Array<[SpeechDetectorEvent, number]>;
  now: number;
}

/** Feeds `detector` segments of [level, duration ms] at 50 Hz from `run.now` on. */
function feed(
  detector: SpeechDetector,
  segments: Array<[number, number]>,
  run: Run = { events: [], now: 0 },
): Run {
  for (const [level, ms] of segments) {
    for (let t = 0; t < ms; t += FRAME_MS) {
      const event = detector.push(level, run.now);
      if (event) run.events.push([event, run.now]);
      run.now += FRAME_MS;
    }
  }
  return run;
}

const NOISE = 0.01;
const VOICE = 0.2;

describe('speech detector (listening)', () => {
  test('speech after the calibration starts after 150 ms above the bar and ends after a 1.2 s pause', () => {
    const detector = new SpeechDetector(LISTENING);
    const run = feed(detector, [
      [NOISE, 1000],
      [VOICE, 2000],
      [NOISE, 2000],
    ]);
    // Voice from 1000 ms: 'start' at the first sample 150 ms into it (frames of 20 ms); the pause from 3000 ms ends it at 4200 ms.
    expect(run.events).toEqual([
      ['start', 1160],
      ['end', 4200],
    ]);
  });

  test('syllables with short dips between them count as one stretch of speech', () => {
    const detector = new SpeechDetector(LISTENING);
    const syllables: Array<[number, number]> = [];
    for (let i = 0; i < 4; i += 1) syllables.push([VOICE, 60], [NOISE, 60]);
    const run = feed(detector, [[NOISE, 1000], ...syllables]);
    expect(run.events.map(([event]) => event)).toEqual(['start']);
  });

  test('short bursts (a click, a cough under 150 ms) are not speech; short pauses do not end it', () => {
    const detector = new SpeechDetector(LISTENING);
    const run = feed(detector, [
      [NOISE, 1000],
      [VOICE, 100],
      [NOISE, 500],
      [VOICE, 100],
      [NOISE, 500],
    ]);
    expect(run.events).toEqual([]);
    expect(detector.speaking).toBe(false);

    feed(
      detector,
      [
        [VOICE, 1000],
        [NOISE, 1000], // a breath between sentences
        [VOICE, 1000],
      ],
      run,
    );
    expect(run.events.map(([event]) => event)).toEqual(['start']);
    expect(detector.speaking).toBe(true);
  });

  test('the bar follows the room: louder noise raises it, speech over it still counts', () => {
    const detector = new SpeechDetector(LISTENING);
    const loudRoom = 0.05; // a market: the minimum (0.02) alone would call this speech
    const run = feed(detector, [[loudRoom, 2000]]);
    expect(detector.threshold()).toBeCloseTo(0.15, 5);
    feed(detector, [[0.1, 500]], run); // twice the noise: under floor × 3
    expect(run.events).toEqual([]);
    feed(detector, [[0.4, 300]], run);
    expect(run.events.map(([event]) => event)).toEqual(['start']);
  });

  test('a silent room uses the minimum level', () => {
    const detector = new SpeechDetector(LISTENING);
    const run = feed(detector, [[0, 1000]]);
    expect(detector.threshold()).toBe(LISTENING.minLevel);
    feed(detector, [[0.015, 300]], run);
    expect(run.events).toEqual([]);
    feed(detector, [[0.03, 300]], run);
    expect(run.events.map(([event]) => event)).toEqual(['start']);
  });

  test('the room gets quieter: the bar comes down with it', () => {
    const detector = new SpeechDetector(LISTENING);
    const run = feed(detector, [
      [0.05, 500], // a generator running
      [0.005, 1000], // switched off
    ]);
    expect(detector.threshold()).toBe(LISTENING.minLevel);
    feed(detector, [[0.05, 300]], run);
    expect(run.events.map(([event]) => event)).toEqual(['start']);
  });

  test('speaking during the calibration does not set the floor to the voice', () => {
    const detector = new SpeechDetector(LISTENING);
    const run = feed(detector, [
      [NOISE, 40],
      [VOICE, 1000],
      [NOISE, 1500],
    ]);
    expect(run.events.map(([event]) => event)).toEqual(['start', 'end']);
  });

  test('nothing said for 15 s: no-speech, once; the detector is then done', () => {
    const detector = new SpeechDetector(LISTENING);
    const run = feed(detector, [[NOISE, 20_000]]);
    expect(run.events).toEqual([['no-speech', 15_000]]);
    feed(detector, [[VOICE, 1000]], run);
    expect(run.events).toHaveLength(1);
  });

  test('an utterance is capped at 60 s', () => {
    const detector = new SpeechDetector(LISTENING);
    const run = feed(detector, [
      [NOISE, 500],
      [VOICE, 70_000],
    ]);
    expect(run.events).toEqual([
      ['start', 660],
      ['end', 60_500],
    ]);
  });
});

describe('speech detector (barge-in)', () => {
  test('the answer leaking into the microphone is not speech; a voice over it for 300 ms is', () => {
    // The room as the listening detector measured it; the answer's echo must not become the floor.
    const detector = new SpeechDetector(BARGE_IN, NOISE);
    const echo = 0.04; // the loudspeaker after echo cancellation
    const run = feed(detector, [
      [echo, 3500],
      [VOICE, 200],
      [echo, 1000],
    ]);
    expect(run.events).toEqual([]);
    feed(detector, [[VOICE, 400]], run);
    expect(run.events).toEqual([['start', 5000]]);
    expect(detector.noiseFloor).toBe(NOISE);
  });

  test('never gives up while the answer plays', () => {
    const detector = new SpeechDetector(BARGE_IN);
    expect(feed(detector, [[NOISE, 120_000]]).events).toEqual([]);
  });
});
