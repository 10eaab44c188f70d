// The speech queue against POST /api/voice/speak stubbed at the network boundary (global fetch)
// and a fake audio element (jsdom cannot play audio): the test decides when each answer arrives
// and when each sentence ends.
import { DATA_SAVER_STORAGE_KEY } from '@kasa/ui';
import { jsonResponse } from '../../testing/chat-harness';
import { SpeechPlaybackError, SpeechQueue, speechFormat } from './speech-queue';

/** An <audio> that plays what it is given until the test ends it. */
class FakeAudio extends EventTarget {
  src = '';
  played: string[] = [];
  paused = true;
  refuse: Error | null = null;
  async play() {
    if (this.refuse) throw this.refuse;
    this.paused = false;
    this.played.push(this.src);
  }
  pause() {
    this.paused = true;
  }
  /** The sentence playing now reaches its end. */
  end() {
    this.paused = true;
    this.dispatchEvent(new Event('ended'));
  }
}

interface SpeakCall {
  text: string;
  format: string;
  answer(status?: number, body?: unknown): void;
}

let calls: SpeakCall[];

beforeEach(() => {
  calls = [];
  (globalThis as { fetch?: unknown }).fetch = jest.fn(
    (input: RequestInfo | URL, init: RequestInit = {}) =>
      new Promise((resolve) => {
        expect(String(input)).toBe('/api/voice/speak');
        const { text, format } = JSON.parse(String(init.body)) as { text: string; format: string };
        calls.push({
          text,
          format,
          answer: (status = 200, body) =>
            resolve(
              jsonResponse(
                status,
                body ?? {
                  audioUrl: `/api/files/${calls.findIndex((c) => c.text === text)}.${format}?sig=s`,
                  voice: 'alloy',
                  format,
                  text,
                  engine: 'espeak-ng',
                  duration: 1,
                },
              ),
            ),
        });
      }),
  );
});
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
  localStorage.clear();
});

/** Lets the awaited answers and the queue's reactions to them run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function queue(audio = new FakeAudio()) {
  const events: string[] = [];
  const errors: unknown[] = [];
  const q = new SpeechQueue({
    audio: audio as unknown as HTMLAudioElement,
    format: 'mp3',
    onSpeaking: () => events.push('speaking'),
    onDrained: () => events.push('drained'),
    onError: (error) => errors.push(error),
  });
  return { q, audio, events, errors };
}

describe('speech queue', () => {
  test('plays the sentences in order, fetching only one ahead of the one playing', async () => {
    const { q, audio, events } = queue();
    q.enqueue('One.');
    q.enqueue('Two.');
    q.enqueue('Three.');
    q.close();
    await settle();
    // The first, and one ahead of it; not the third yet.
    expect(calls.map((c) => c.text)).toEqual(['One.', 'Two.']);
    expect(calls[0].format).toBe('mp3');

    // The second's speech arrives first: nothing plays before the first.
    calls[1].answer();
    await settle();
    expect(audio.played).toEqual([]);
    calls[0].answer();
    await settle();
    expect(audio.played).toEqual(['/api/files/0.mp3?sig=s']);
    expect(events).toEqual(['speaking']);
    // While the first plays, the second is ready and the third not asked for yet.
    expect(calls.map((c) => c.text)).toEqual(['One.', 'Two.']);

    audio.end();
    await settle();
    expect(audio.played).toEqual(['/api/files/0.mp3?sig=s', '/api/files/1.mp3?sig=s']);
    expect(calls.map((c) => c.text)).toEqual(['One.', 'Two.', 'Three.']);
    audio.end();
    await settle();
    expect(audio.played).toHaveLength(2); // the third is not here yet
    calls[2].answer();
    await settle();
    expect(audio.played.at(-1)).toBe('/api/files/2.mp3?sig=s');
    expect(events).toEqual(['speaking']);
    audio.end();
    await settle();
    expect(events).toEqual(['speaking', 'drained']);
  });

  test('a sentence added while one plays is fetched at once and played next', async () => {
    const { q, audio, events } = queue();
    q.enqueue('First.');
    await settle();
    calls[0].answer();
    await settle();
    expect(audio.played).toHaveLength(1);
    q.enqueue('Second.');
    await settle();
    expect(calls.map((c) => c.text)).toEqual(['First.', 'Second.']);
    calls[1].answer();
    audio.end();
    await settle();
    expect(audio.played).toHaveLength(2);
    // Not closed: the reply may go on; drained only after close.
    audio.end();
    await settle();
    expect(events).toEqual(['speaking']);
    q.close();
    await settle();
    expect(events).toEqual(['speaking', 'drained']);
  });

  test('stop silences it at once and drops the rest: nothing more is fetched, played or reported', async () => {
    const { q, audio, events, errors } = queue();
    for (const s of ['A.', 'B.', 'C.', 'D.']) q.enqueue(s);
    q.close();
    await settle();
    calls[0].answer();
    calls[1].answer();
    await settle();
    expect(audio.paused).toBe(false);
    q.stop();
    expect(audio.paused).toBe(true);
    audio.end();
    await settle();
    expect(audio.played).toHaveLength(1);
    expect(calls.map((c) => c.text)).toEqual(['A.', 'B.']);
    q.enqueue('E.');
    await settle();
    expect(audio.played).toHaveLength(1);
    expect(calls).toHaveLength(2);
    expect(events).toEqual(['speaking']);
    expect(errors).toEqual([]);
  });

  test('speech the server refuses (429 voice minutes) stops the queue and is reported once', async () => {
    const { q, audio, events, errors } = queue();
    q.enqueue('One.');
    q.enqueue('Two.');
    q.enqueue('Three.');
    q.close();
    await settle();
    calls[0].answer();
    calls[1].answer(429, {
      error: 'Usage limit exceeded',
      code: 'USAGE_LIMIT_EXCEEDED',
      feature: 'voiceMinutesPerMonth',
      current: 10,
      limit: 10,
      upgradeRequired: true,
    });
    await settle();
    expect(audio.played).toHaveLength(1);
    audio.end();
    await settle();
    expect(errors).toHaveLength(1);
    expect((errors[0] as { status?: number }).status).toBe(429);
    expect(audio.played).toHaveLength(1);
    expect(events).toEqual(['speaking']); // never drained: it stopped
    calls[2].answer(); // asked for while the second was awaited: never played
    await settle();
    expect(audio.played).toHaveLength(1);
  });

  test('audio the browser will not play stops the queue with a playback error', async () => {
    const audio = new FakeAudio();
    audio.refuse = new DOMException('not allowed', 'NotAllowedError');
    const { q, errors } = queue(audio);
    q.enqueue('One.');
    await settle();
    calls[0].answer();
    await settle();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(SpeechPlaybackError);
  });

  test('a link that is not a safe media URL is never played', async () => {
    const { q, audio, errors } = queue();
    q.enqueue('One.');
    await settle();
    calls[0].answer(200, { audioUrl: 'javascript:alert(1)', voice: 'alloy', format: 'mp3', text: 'One.' });
    await settle();
    expect(audio.played).toEqual([]);
    expect(errors[0]).toBeInstanceOf(SpeechPlaybackError);
  });

  test('closed with nothing to say: drained at once', async () => {
    const { q, events } = queue();
    q.close();
    await settle();
    expect(events).toEqual(['drained']);
    expect(calls).toEqual([]);
  });

  test('speech is mp3, Opus when the data saver is on and the browser plays Ogg Opus', () => {
    const canPlay = jest.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('probably');
    expect(speechFormat()).toBe('mp3');
    localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'on');
    expect(speechFormat()).toBe('opus');
    canPlay.mockReturnValue('');
    expect(speechFormat()).toBe('mp3');
    canPlay.mockRestore();
  });
});
