import { expect, type APIRequestContext, type Page, type Request as NetworkRequest } from '@playwright/test';
import type { TestAccount } from './session';

// What the voice tests watch from outside the page: the requests the voice loop makes, the
// audio the page plays, and the states voice mode goes through (docs/product.md#voice).

export const VOICE_TURNS = '/api/voice/turns';
export const VOICE_SPEAK = '/api/voice/speak';

const pathOf = (url: string) => new URL(url).pathname;

/** One POST /api/voice/turns as the browser sent it, and how the server answered. */
export interface SentVoiceTurn {
  idempotencyKey: string | undefined;
  /** The Content-Type of the multipart `audio` part; undefined when the turn carried no audio. */
  audioType: string | undefined;
  /** The bytes of the `audio` part. */
  audioBytes: number;
  /** The answer's status; undefined while unanswered or when the request failed (offline). */
  status?: number;
  failed?: string;
}

/** The `audio` part of a multipart/form-data body: its Content-Type and size. */
export function multipartAudioPart(body: Buffer, contentType: string): { type?: string; bytes: number } {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) return { bytes: 0 };
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  // latin1 keeps one character per byte, so the part's length is its byte count.
  for (const part of body.toString('latin1').split(delimiter)) {
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) continue;
    const headers = part.slice(0, headerEnd);
    if (!/content-disposition:[^\r\n]*\bname="audio"/i.test(headers)) continue;
    const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1].trim();
    // The part ends with the CRLF before the next delimiter.
    return { type, bytes: part.length - headerEnd - 4 - 2 };
  }
  return { bytes: 0 };
}

interface VoiceStreamsWindow {
  __kasaVoiceStreams: string[];
}

/** What watchVoiceTurns sees: the requests on the network, and the answers the page read. */
export interface VoiceTurnsWatch {
  /** Every POST /api/voice/turns the page made, in order, with the server's status. */
  sent: SentVoiceTurn[];
  /**
   * The event streams the page received for them (since its last load), read from a clone of
   * each response: the page reads its own copy as usual. (The DevTools protocol keeps no body of
   * a response the page read as a stream.)
   */
  streams(): Promise<string[]>;
}

/** Watches POST /api/voice/turns from now on (call before page.goto: part of it runs in the page). */
export async function watchVoiceTurns(page: Page): Promise<VoiceTurnsWatch> {
  await page.addInitScript((path: string) => {
    const streams: string[] = [];
    (window as unknown as VoiceStreamsWindow).__kasaVoiceStreams = streams;
    const fetch = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await fetch(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      if (url.pathname === path && (init?.method ?? 'GET').toUpperCase() === 'POST') {
        const at = streams.push('') - 1;
        void response
          .clone()
          .text()
          .then(
            (text) => (streams[at] = text),
            () => undefined,
          );
      }
      return response;
    };
  }, VOICE_TURNS);

  const sent: SentVoiceTurn[] = [];
  const byRequest = new Map<NetworkRequest, SentVoiceTurn>();
  // Read where the request is held on its way out: the 'request' event's copy of the body lacks
  // a Blob the page read back from IndexedDB (the outbox keeps recordings there), but an
  // intercepted request carries every byte. The request then goes on unchanged.
  await page.route(`**${VOICE_TURNS}`, async (route) => {
    const request = route.request();
    if (request.method() === 'POST') {
      const headers = request.headers();
      const audio = multipartAudioPart(
        request.postDataBuffer() ?? Buffer.alloc(0),
        headers['content-type'] ?? '',
      );
      const turn: SentVoiceTurn = {
        idempotencyKey: headers['idempotency-key'],
        audioType: audio.type,
        audioBytes: audio.bytes,
      };
      sent.push(turn);
      byRequest.set(request, turn);
    }
    await route.continue();
  });
  page.on('response', (response) => {
    const turn = byRequest.get(response.request());
    if (turn) turn.status = response.status();
  });
  page.on('requestfailed', (request) => {
    const turn = byRequest.get(request);
    if (turn) turn.failed = request.failure()?.errorText ?? 'failed';
  });
  return {
    sent,
    streams: () => page.evaluate(() => [...(window as unknown as VoiceStreamsWindow).__kasaVoiceStreams]),
  };
}

/**
 * The order in which voice requests happen: 'speak' when a POST /api/voice/speak starts,
 * 'turn-sent' when a POST /api/voice/turns starts, 'turn-finished' once its whole answer (the
 * reply's event stream) has arrived, 'turn-failed' when it broke off or the page let it go.
 */
export type VoiceEvent = 'speak' | 'turn-sent' | 'turn-finished' | 'turn-failed';

export function watchVoiceEvents(page: Page): VoiceEvent[] {
  const events: VoiceEvent[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const path = pathOf(request.url());
    if (path === VOICE_SPEAK) events.push('speak');
    if (path === VOICE_TURNS) events.push('turn-sent');
  });
  page.on('requestfinished', (request) => {
    if (request.method() === 'POST' && pathOf(request.url()) === VOICE_TURNS) events.push('turn-finished');
  });
  page.on('requestfailed', (request) => {
    if (request.method() === 'POST' && pathOf(request.url()) === VOICE_TURNS) events.push('turn-failed');
  });
  return events;
}

interface PlaybackWindow {
  __kasaPlayback: { playing(): number; started(): number };
}

/**
 * Counts the audio the page plays through media elements (new Audio() or <audio>, in the page or
 * not): `playing` is how many are playing now, `started` how many plays began. Installed before
 * the page's scripts (call before page.goto).
 */
export async function watchPlayback(
  page: Page,
): Promise<{ playing(): Promise<number>; started(): Promise<number> }> {
  await page.addInitScript(() => {
    const playing = new Set<HTMLMediaElement>();
    let started = 0;
    const watched = new WeakSet<HTMLMediaElement>();
    const watch = (element: HTMLMediaElement) => {
      if (watched.has(element)) return;
      watched.add(element);
      element.addEventListener('playing', () => {
        started += 1;
        playing.add(element);
      });
      for (const stop of ['pause', 'ended', 'emptied', 'error', 'abort']) {
        element.addEventListener(stop, () => playing.delete(element));
      }
    };
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      watch(this);
      return play.call(this);
    };
    (window as unknown as PlaybackWindow).__kasaPlayback = {
      // An element removed from the page or left without a source is not heard any more.
      playing: () => [...playing].filter((element) => !element.paused && !element.ended).length,
      started: () => started,
    };
  });
  return {
    playing: () => page.evaluate(() => (window as unknown as PlaybackWindow).__kasaPlayback.playing()),
    started: () => page.evaluate(() => (window as unknown as PlaybackWindow).__kasaPlayback.started()),
  };
}

interface RecordingProbeWindow {
  __kasaRecording: { microphoneOpened: number; recordersStarted: number };
}

/** Counts getUserMedia calls for audio and MediaRecorder starts (install before page.goto). */
export async function watchRecording(
  page: Page,
): Promise<{ microphoneOpened(): Promise<number>; recordersStarted(): Promise<number> }> {
  await page.addInitScript(() => {
    const probe = { microphoneOpened: 0, recordersStarted: 0 };
    const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = (constraints?: MediaStreamConstraints) => {
      if (constraints?.audio) probe.microphoneOpened += 1;
      return getUserMedia(constraints);
    };
    const start = MediaRecorder.prototype.start;
    MediaRecorder.prototype.start = function (this: MediaRecorder, timeslice?: number) {
      probe.recordersStarted += 1;
      return start.call(this, timeslice);
    };
    (window as unknown as RecordingProbeWindow).__kasaRecording = probe;
  });
  const read = () => page.evaluate(() => (window as unknown as RecordingProbeWindow).__kasaRecording);
  return {
    microphoneOpened: async () => (await read()).microphoneOpened,
    recordersStarted: async () => (await read()).recordersStarted,
  };
}

interface StateHistoryWindow {
  __kasaVoiceStates: string[];
}

/**
 * Every data-state voice mode's state indicator (`voice-mode-state`) shows, in order, without
 * repeats: a MutationObserver sees each change, however short, where polling could miss one.
 */
export async function watchVoiceModeStates(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const states: string[] = [];
    (window as unknown as StateHistoryWindow).__kasaVoiceStates = states;
    const note = () => {
      const state = document.querySelector('[data-testid="voice-mode-state"]')?.getAttribute('data-state');
      if (state && states[states.length - 1] !== state) states.push(state);
    };
    new MutationObserver(note).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
  return () => page.evaluate(() => [...(window as unknown as StateHistoryWindow).__kasaVoiceStates]);
}

/** A stored message, the fields these tests read (ChatMessage in libs/contracts/src/chat.ts). */
export interface StoredMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  status: string;
  parentId?: string | null;
  audioUrl?: string | null;
  transcription?: string | null;
  transcriptionLanguage?: string | null;
  recordingId?: string | null;
}

/** The messages of the user's conversations, as the server stored them (GET /api/chat/conversations/:id). */
export async function storedConversations(
  request: APIRequestContext,
  account: TestAccount,
): Promise<Array<{ id: string; messages: StoredMessage[] }>> {
  const headers = { Authorization: `Bearer ${account.token}` };
  const list = await request.get('/api/chat/conversations', { headers });
  expect(list.status()).toBe(200);
  const conversations = (await list.json()) as Array<{ id: string }>;
  return Promise.all(
    conversations.map(async ({ id }) => {
      const response = await request.get(`/api/chat/conversations/${id}`, { headers });
      expect(response.status()).toBe(200);
      return { id, messages: (await response.json()) as StoredMessage[] };
    }),
  );
}

/** The usage counters of the month (GET /api/subscription/status). */
export async function usageOf(request: APIRequestContext, account: TestAccount) {
  const response = await request.get('/api/subscription/status', {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect(response.status()).toBe(200);
  const status = (await response.json()) as {
    usage: { current: { messages: number; voiceMinutes: number; audioUploads: number } };
  };
  return status.usage.current;
}
