// Voice mode's answer, spoken sentence by sentence as the reply streams (docs/product.md#voice):
// each sentence becomes speech on the server (POST /api/voice/speak, the voice of its language)
// while the one before plays, and they play in order through one audio element (a phone lets a
// page keep playing an element it was allowed to play once). Stop silences it at once and drops
// what is left (barge-in); the first failure stops it too and is reported.
import type { SpeechFormat } from '@kasa/contracts';
import { isDataSaverOn } from '@kasa/ui';
import { speak } from '../../shared/media-api';
import { safeMediaUrl } from '../../shared/safe-url';
import { canPlayOggOpus } from '../../shared/media/media-variant';

/** The parts of HTMLAudioElement the queue uses (tests pass a fake: jsdom cannot play audio). */
export type SpeechAudio = Pick<
  HTMLAudioElement,
  'play' | 'pause' | 'addEventListener' | 'removeEventListener'
> & {
  src: string;
};

/** The audio could not be played (the browser refused it or could not decode it). */
export class SpeechPlaybackError extends Error {
  override readonly name = 'SpeechPlaybackError';
}

/** Opus (about half mp3's bytes) when the data saver is on and the browser plays it; else mp3. */
export function speechFormat(): SpeechFormat {
  return isDataSaverOn() && canPlayOggOpus() ? 'opus' : 'mp3';
}

export interface SpeechQueueOptions {
  audio: SpeechAudio;
  format: SpeechFormat;
  /** The first sentence started playing. */
  onSpeaking?: () => void;
  /** Closed and everything played. */
  onDrained: () => void;
  /** Speech could not be made (a 429 on voice minutes, a 503) or played: the queue has stopped. */
  onError: (error: unknown) => void;
}

export class SpeechQueue {
  /** Sentences not asked for yet. */
  private readonly waiting: string[] = [];
  /** Speech asked for, in order: the next to play, and one ahead. */
  private readonly fetched: Array<Promise<string>> = [];
  private playing = false;
  private running = false;
  private closed = false;
  private stopped = false;
  private started = false;
  private endPlayback: (() => void) | null = null;

  constructor(private readonly options: SpeechQueueOptions) {}

  /** Speaks `sentence` after those before it. */
  enqueue(sentence: string): void {
    if (this.stopped || this.closed) return;
    this.waiting.push(sentence);
    this.prefetch();
    if (!this.running) void this.run();
  }

  /** No more sentences: onDrained once the last one has played. */
  close(): void {
    if (this.stopped || this.closed) return;
    this.closed = true;
    if (!this.running) void this.run();
  }

  /** Silence now; nothing more is fetched or played, and nothing is reported. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.waiting.length = 0;
    this.fetched.length = 0;
    this.endPlayback?.();
    this.options.audio.pause();
  }

  /** Keeps one sentence fetched ahead of the one playing (and of the one waited for). */
  private prefetch(): void {
    const limit = this.playing ? 1 : 2;
    while (this.fetched.length < limit && this.waiting.length) {
      const answer = speak(this.waiting.shift() as string, this.options.format).then(({ audioUrl }) => {
        const src = safeMediaUrl(audioUrl);
        if (!src) throw new SpeechPlaybackError('unsafe audio link');
        return src;
      });
      answer.catch(() => undefined); // read in turn by run(); a stop may leave it unread
      this.fetched.push(answer);
    }
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      while (!this.stopped) {
        this.prefetch();
        const next = this.fetched[0];
        if (!next) {
          if (this.closed) this.options.onDrained();
          return;
        }
        const src = await next;
        if (this.stopped) return;
        this.fetched.shift();
        this.playing = true;
        this.prefetch();
        await this.play(src);
        this.playing = false;
      }
    } catch (error) {
      if (this.stopped) return;
      this.stop();
      this.options.onError(error);
    } finally {
      this.running = false;
    }
  }

  /** Plays `src` to its end (or until stop). */
  private play(src: string): Promise<void> {
    const { audio } = this.options;
    return new Promise<void>((resolve, reject) => {
      const finish = (error?: unknown) => {
        audio.removeEventListener('ended', ended);
        audio.removeEventListener('error', failed);
        this.endPlayback = null;
        if (error) reject(error);
        else resolve();
      };
      const ended = () => finish();
      const failed = () => finish(new SpeechPlaybackError('audio error'));
      this.endPlayback = () => finish();
      audio.addEventListener('ended', ended);
      audio.addEventListener('error', failed);
      audio.src = src;
      audio.play().then(
        () => {
          if (this.started || this.stopped) return;
          this.started = true;
          this.options.onSpeaking?.();
        },
        (error: unknown) => finish(new SpeechPlaybackError(String(error))),
      );
    });
  }
}
