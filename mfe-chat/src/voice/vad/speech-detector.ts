// The end of a spoken turn, found in the browser (docs/product.md#voice, voice mode): an energy
// detector fed the microphone's level (RMS 0..1, recorder.ts `level()`) about 50 times a second.
// It learns the room's noise floor first, counts speech when the level stays above
// max(floor × ratio, minLevel) long enough, and ends the utterance after a pause. Hand-written and
// tiny on purpose: it loads with voice mode, on costly mobile data.

export interface SpeechDetectorOptions {
  /** The first samples only measure the noise floor (ms). */
  calibrationMs: number;
  /** Speech: louder than the floor by this factor… */
  ratio: number;
  /** …and never quieter than this level (a silent room's floor is near 0). */
  minLevel: number;
  /** Above the threshold this long before it counts as speech (a cough or a click is shorter). */
  onsetMs: number;
  /** After speech, below the threshold this long: the utterance is over. */
  pauseMs: number;
  /** No speech for this long: 'no-speech' (listening starts again, nothing is sent). */
  giveUpMs: number;
  /** An utterance longer than this ends by itself. */
  maxUtteranceMs: number;
  /** The floor follows the room while nobody speaks; false: it stays as measured (or given). */
  adapt: boolean;
}

/** Listening for a question. */
export const LISTENING: SpeechDetectorOptions = {
  calibrationMs: 300,
  ratio: 3,
  minLevel: 0.02,
  onsetMs: 150,
  pauseMs: 1200,
  giveUpMs: 15_000,
  maxUtteranceMs: 60_000,
  adapt: true,
};

/**
 * Listening while the answer is spoken (barge-in): the loudspeaker leaks into the microphone even
 * with echo cancellation, so the bar is higher and the speech must last longer.
 */
export const BARGE_IN: SpeechDetectorOptions = {
  ...LISTENING,
  ratio: 6,
  minLevel: 0.06,
  onsetMs: 300,
  giveUpMs: Number.POSITIVE_INFINITY,
  // The answer itself would otherwise become the floor, and the user would have to shout over it.
  adapt: false,
};

/**
 * What a sample changed: speech began, the utterance ended (a pause, or the length cap), or
 * nothing was said for `giveUpMs`. Each is reported once; after 'end' or 'no-speech' the detector
 * is done (make a new one for the next turn).
 */
export type SpeechDetectorEvent = 'start' | 'end' | 'no-speech' | null;

/** Dips between syllables shorter than this do not restart the count towards speech (ms). */
const SYLLABLE_GAP_MS = 100;

/** How quickly the floor follows the room while nobody speaks (per sample): down fast, up slowly. */
const FLOOR_FALL = 0.2;
const FLOOR_RISE = 0.02;

export class SpeechDetector {
  private readonly options: SpeechDetectorOptions;
  private startedAt: number | null = null;
  private floor = 0;
  private calibrated = false;
  /** When the level rose above the threshold, not counting short dips (null: not loud). */
  private loudSince: number | null = null;
  private lastLoud = 0;
  /** When it last fell below it (null: above it now). */
  private quietSince: number | null = null;
  private speechAt: number | null = null;
  private finished = false;

  /** `floor`: the room's noise as an earlier detector measured it (no calibration then). */
  constructor(options: Partial<SpeechDetectorOptions> = {}, floor?: number) {
    this.options = { ...LISTENING, ...options };
    if (floor !== undefined) {
      this.floor = floor;
      this.calibrated = true;
    }
  }

  /** The room's noise level as measured so far. */
  get noiseFloor(): number {
    return this.floor;
  }

  /** Speech has begun (and the utterance is not over). */
  get speaking(): boolean {
    return this.speechAt !== null && !this.finished;
  }

  /** The level speech must pass now. */
  threshold(): number {
    return Math.max(this.floor * this.options.ratio, this.options.minLevel);
  }

  /** One level sample taken at `now` (ms, any clock that only moves forward). */
  push(level: number, now: number): SpeechDetectorEvent {
    if (this.finished) return null;
    const o = this.options;
    this.startedAt ??= now;
    if (!this.calibrated) {
      // The quietest sample: a user who speaks at once must not set the floor to their voice.
      this.floor = now === this.startedAt ? level : Math.min(this.floor, level);
      if (now - this.startedAt < o.calibrationMs) return null;
      this.calibrated = true;
    }
    const loud = level > this.threshold();
    if (loud) {
      this.quietSince = null;
      this.loudSince ??= now;
      this.lastLoud = now;
    } else {
      if (now - this.lastLoud > SYLLABLE_GAP_MS) this.loudSince = null;
      this.quietSince ??= now;
      // Only quiet samples teach the floor: speech must not raise its own bar.
      if (this.speechAt === null && o.adapt)
        this.floor += (level - this.floor) * (level < this.floor ? FLOOR_FALL : FLOOR_RISE);
    }

    if (this.speechAt === null) {
      if (loud && this.loudSince !== null && now - this.loudSince >= o.onsetMs) {
        this.speechAt = this.loudSince;
        return 'start';
      }
      if (now - this.startedAt >= o.giveUpMs) return this.finish('no-speech');
      return null;
    }
    if (now - this.speechAt >= o.maxUtteranceMs) return this.finish('end');
    if (this.quietSince !== null && now - this.quietSince >= o.pauseMs) return this.finish('end');
    return null;
  }

  private finish(event: 'end' | 'no-speech'): SpeechDetectorEvent {
    this.finished = true;
    return event;
  }
}
