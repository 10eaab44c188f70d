// Voice mode's loop on the real send machine, recorder, detector, splitter and speech queue.
// Faked are only what jsdom lacks or what lies outside the page: the browser's audio APIs (the
// recorder's seam: getUserMedia, AudioContext's analyser, MediaRecorder), audio playback, the
// Screen Wake Lock, object URLs, and the server (global fetch: the chat API of testing/chat-harness,
// POST /api/voice/turns as an event stream the test writes into, POST /api/voice/speak, GET
// /api/voice/capabilities). Time is Jest's fake clock: the detector hears levels the test sets,
// 50 times a second, and nothing waits for real time.
import { act, fireEvent, screen } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@kasa/api-client';
import {
  VOICE_TURNS_PATH,
  type ChatMessage,
  type VoiceCapabilities,
  type VoiceTranscript,
} from '@kasa/contracts';
import { setSpeechLanguage } from '@kasa/ui/voice-preferences';
import { MemoryStore } from '../../offline/idb-store';
import { Outbox, type OutboxItem } from '../../offline/outbox';
import { ChatSender } from '../../sending/chat-sender';
import { conversationQueryKey } from '../../shared/chat-api';
import {
  eventStream,
  FakeApi,
  jsonResponse,
  message,
  renderWithProviders,
  type EventStream,
  type FakeResponse,
} from '../../testing/chat-harness';
import { installFakeAudio, type FakeAudio } from '../recording/testing/fake-audio-browser';
import { VOICE_CAPABILITIES_QUERY_KEY } from '../recording/useVoiceCapabilities';
import VoiceMode from './VoiceMode';

const QUIET = 0.005;
const VOICE = 0.3;

const heard: VoiceTranscript = {
  recordingId: 'r1',
  transcription: 'When should I plant maize?',
  language: 'en',
  duration: 2.4,
  audioUrl: '/api/files/r1?sig=s',
  engine: 'pocketsphinx',
};

const englishOnly: VoiceCapabilities = {
  speechToText: {
    available: true,
    engine: 'pocketsphinx',
    languages: ['en'],
    detectsLanguage: false,
    unavailableReason: null,
  },
  textToSpeech: { engine: 'espeak-ng' },
};

let api: FakeApi;
let audio: FakeAudio;
let turnStreams: EventStream[];
let turnForms: FormData[];
/** How POST /api/voice/turns answers; null: a stream the test writes into. */
let turnAnswer: (() => FakeResponse) | null;
let speakTexts: string[];
let speakAnswer: (text: string) => FakeResponse;
let online: boolean;
let wakeLocks: Array<{ released: boolean }>;
let players: HTMLMediaElement[];
let play: jest.SpyInstance;
let pause: jest.SpyInstance;
let queryClient: QueryClient;
let sender: ChatSender;
let stopSender: () => void;
let onClose: jest.Mock;

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  localStorage.clear();
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  Object.assign(URL, { createObjectURL: () => 'blob:test/1', revokeObjectURL: () => undefined });
  wakeLocks = [];
  Object.defineProperty(navigator, 'wakeLock', {
    configurable: true,
    value: {
      request: async (type: string) => {
        expect(type).toBe('screen');
        const lock = {
          released: false,
          release: async () => {
            lock.released = true;
          },
        };
        wakeLocks.push(lock);
        return lock;
      },
    },
  });
  audio = installFakeAudio();
  players = [];
  play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    players.push(this);
    return Promise.resolve();
  });
  pause = jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);

  api = new FakeApi();
  api.addConversation('c1', 'Maize', [message('u0', 'user', 'Hello'), message('a0', 'assistant', 'Hi!')]);
  const chatApi = api.install();
  turnStreams = [];
  turnForms = [];
  turnAnswer = null;
  speakTexts = [];
  speakAnswer = (text) =>
    jsonResponse(200, {
      audioUrl: `/api/files/speech-${speakTexts.indexOf(text)}.mp3?sig=s`,
      voice: 'alloy',
      format: 'mp3',
      text,
      engine: 'espeak-ng',
      duration: 1,
    });
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url === VOICE_TURNS_PATH && init.method === 'POST') {
      turnForms.push(init.body as FormData);
      if (turnAnswer) return turnAnswer();
      const stream = eventStream(init.signal);
      turnStreams.push(stream);
      return stream.response;
    }
    if (url === '/api/voice/speak') {
      const { text } = JSON.parse(String(init.body)) as { text: string };
      speakTexts.push(text);
      return speakAnswer(text);
    }
    if (url === '/api/voice/capabilities') return jsonResponse(200, englishOnly);
    return chatApi(input, init);
  }) as typeof fetch;

  queryClient = createQueryClient();
  queryClient.setQueryData<ChatMessage[]>(conversationQueryKey('c1'), api.messages.get('c1'));
  sender = new ChatSender({ queryClient, outbox: new Outbox(new MemoryStore<OutboxItem>()) });
  sender.configure('c1', { onAdopt: () => undefined, onNotStarted: jest.fn() });
  stopSender = sender.start();
  onClose = jest.fn();
});

afterEach(() => {
  stopSender();
  audio.restore();
  play.mockRestore();
  pause.mockRestore();
  delete (navigator as { wakeLock?: unknown }).wakeLock;
  delete (document as { visibilityState?: unknown }).visibilityState;
  jest.useRealTimers();
});

/** Lets `ms` of the fake clock pass (level readings, frames, promises in between). */
async function pass(ms: number): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

/** The microphone hears `level` for `ms`. */
async function hear(level: number, ms: number): Promise<void> {
  audio.amplitude = level;
  await pass(ms);
}

const state = () => screen.getByTestId('voice-mode-state').getAttribute('data-state');

async function open() {
  renderWithProviders(<VoiceMode sender={sender} model="big" onClose={onClose} />, { queryClient });
  await pass(50);
}

/** A question: quiet, speech, then the pause that ends it. */
async function askQuestion() {
  await hear(QUIET, 500);
  await hear(VOICE, 1500);
  await hear(QUIET, 1300);
}

/** The playing answer's sentence reaches its end. */
async function endSentence() {
  await act(async () => {
    players.at(-1)?.dispatchEvent(new Event('ended'));
  });
  await pass(20);
}

describe('voice mode', () => {
  test('listens, sends the question when the speaker pauses, speaks the answer as it streams, listens again', async () => {
    await open();
    const dialog = screen.getByTestId('voice-mode');
    expect(dialog).toHaveAttribute('role', 'dialog');
    expect(screen.getByRole('dialog', { name: 'Voice mode' })).toBe(dialog);
    expect(state()).toBe('listening');
    expect(screen.getByTestId('voice-mode-state')).toHaveTextContent('Listening…');
    expect(screen.getByText('I speak: Auto')).toBeInTheDocument();
    // One microphone, echo cancellation on; one recorder; the screen kept on.
    expect(audio.requests).toHaveLength(1);
    expect(audio.requests[0].audio).toMatchObject({ echoCancellation: true });
    expect(audio.recorders).toHaveLength(1);
    expect(wakeLocks).toHaveLength(1);

    await askQuestion();
    expect(state()).toBe('thinking');
    expect(screen.getByTestId('voice-mode-state')).toHaveTextContent('Thinking…');
    expect(turnForms).toHaveLength(1);
    const form = turnForms[0];
    expect(form.get('language')).toBe('auto');
    expect(form.get('model')).toBe('big');
    expect(form.get('conversationId')).toBe('c1');
    expect((form.get('audio') as Blob).size).toBeGreaterThan(0);

    const stream = turnStreams[0];
    stream.send({
      conversationId: 'c1',
      userMessageId: 'u1',
      assistantMessageId: 'a1',
      transcription: heard,
    });
    await pass(20);
    expect(screen.getByTestId('voice-mode-heard')).toHaveTextContent('When should I plant maize?');
    expect(state()).toBe('thinking'); // no chunk yet

    stream.send({ content: 'Plant after the **first rains**. Use' });
    await pass(20);
    expect(state()).toBe('speaking');
    expect(screen.getByTestId('voice-mode-reply')).toHaveTextContent('Plant after the first rains. Use');
    // The first sentence is spoken before the reply is complete.
    expect(speakTexts).toEqual(['Plant after the first rains.']);
    expect(players).toHaveLength(1);
    expect(players[0].src).toContain('/api/files/speech-0.mp3');

    stream.send({ content: ' good seed.' });
    stream.send({ done: true });
    stream.close();
    await pass(20);
    expect(screen.getByTestId('voice-mode-reply')).toHaveTextContent(
      'Plant after the first rains. Use good seed.',
    );
    expect(speakTexts).toEqual(['Plant after the first rains.', 'Use good seed.']);
    expect(players).toHaveLength(1); // the second waits for the first to end

    await endSentence();
    expect(players).toHaveLength(2);
    expect(players[1]).toBe(players[0]); // one element for the whole answer
    expect(state()).toBe('speaking');
    await endSentence();
    expect(state()).toBe('listening');
    // The same microphone, a new recording.
    expect(audio.requests).toHaveLength(1);
    expect(audio.recorders).toHaveLength(2);

    fireEvent.click(screen.getByTestId('voice-mode-end'));
    await pass(20);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(audio.tracks.every((track) => track.stopped)).toBe(true);
    expect(audio.recorders[1].state).toBe('inactive');
    expect(wakeLocks[0].released).toBe(true);
  });

  test('speaking over the answer (or a tap) silences it at once and listens; the next question waits for that reply to end', async () => {
    await open();
    await askQuestion();
    const first = turnStreams[0];
    first.send({ conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a1', transcription: heard });
    first.send({ content: 'One. Two. Three. Four' });
    await pass(40);
    expect(state()).toBe('speaking');
    expect(players).toHaveLength(1);

    // The answer leaking into the microphone is not speech…
    await hear(0.03, 1000);
    expect(state()).toBe('speaking');
    // …the user's voice over it is.
    await hear(VOICE, 400);
    expect(state()).toBe('listening');
    expect(pause).toHaveBeenCalled();
    await endSentence();
    expect(players).toHaveLength(1); // nothing more is played

    // A second question while the first reply is still being written: sent when it ends.
    await hear(QUIET, 100);
    await hear(VOICE, 1000);
    await hear(QUIET, 1300);
    expect(state()).toBe('thinking');
    expect(turnForms).toHaveLength(1);
    first.send({ content: ' More.' });
    first.send({ done: true });
    first.close();
    await pass(40);
    expect(turnForms).toHaveLength(2);
    expect(players).toHaveLength(1);

    // The tap: the centre target interrupts while speaking.
    const second = turnStreams[1];
    second.send({ conversationId: 'c1', userMessageId: 'u2', assistantMessageId: 'a2' });
    second.send({ content: 'Yes. And' });
    await pass(40);
    expect(state()).toBe('speaking');
    fireEvent.click(screen.getByTestId('voice-mode-interrupt'));
    await pass(20);
    expect(state()).toBe('listening');
  });

  test('"Send now" sends at once; a long silence starts a new recording and sends nothing', async () => {
    await open();
    await hear(QUIET, 16_000);
    expect(turnForms).toHaveLength(0);
    expect(audio.recorders).toHaveLength(2);
    expect(audio.recorders[0].state).toBe('inactive');
    expect(state()).toBe('listening');

    await hear(VOICE, 500);
    fireEvent.click(screen.getByTestId('voice-mode-send-now'));
    await pass(20);
    expect(state()).toBe('thinking');
    expect(turnForms).toHaveLength(1);
  });

  test('speech the server refuses (voice minutes used up) stops speaking, shows the reply and why, and listens', async () => {
    speakAnswer = () =>
      jsonResponse(429, {
        error: 'Usage limit exceeded',
        code: 'USAGE_LIMIT_EXCEEDED',
        feature: 'voiceMinutesPerMonth',
        current: 30,
        limit: 30,
        upgradeRequired: true,
      });
    await open();
    await askQuestion();
    const stream = turnStreams[0];
    stream.send({
      conversationId: 'c1',
      userMessageId: 'u1',
      assistantMessageId: 'a1',
      transcription: heard,
    });
    stream.send({ content: 'Sow in rows. Keep' });
    await pass(40);
    expect(state()).toBe('listening');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(players).toHaveLength(0);
    stream.send({ content: ' them weeded.' });
    stream.send({ done: true });
    stream.close();
    await pass(40);
    expect(screen.getByTestId('voice-mode-reply')).toHaveTextContent('Sow in rows. Keep them weeded.');
    expect(speakTexts).toHaveLength(1);
    expect(state()).toBe('listening');
  });

  test('offline it says it needs a connection and does not listen; back online it listens', async () => {
    online = false;
    await open();
    expect(state()).toBe('paused');
    expect(screen.getByTestId('voice-mode-offline')).toHaveTextContent(
      'Voice mode needs an internet connection',
    );
    expect(audio.requests).toHaveLength(0);

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await pass(50);
    expect(state()).toBe('listening');
    expect(audio.requests).toHaveLength(1);
    expect(screen.queryByTestId('voice-mode-offline')).toBeNull();
  });

  test('a language the recognizer here cannot transcribe is said before listening, in French too', async () => {
    setSpeechLanguage('fr');
    renderWithProviders(<VoiceMode sender={sender} onClose={onClose} />, { queryClient, language: 'fr' });
    await pass(100);
    expect(screen.getByTestId('voice-language-unsupported')).toBeInTheDocument();
    expect(screen.getByText('Je parle : Français')).toBeInTheDocument();
    expect(state()).toBe('paused');
    expect(screen.getByTestId('voice-mode-state')).toHaveTextContent('En pause');
    expect(screen.getByRole('dialog', { name: 'Mode vocal' })).toBeInTheDocument();
    expect(audio.requests).toHaveLength(0);
    expect(screen.getByTestId('voice-mode-end')).toHaveTextContent('Terminer');
  });

  test('a refused microphone pauses with a clear message; Escape ends voice mode', async () => {
    audio.refuse = 'NotAllowedError';
    await open();
    expect(state()).toBe('paused');
    expect(screen.getByRole('alert')).toHaveTextContent('The microphone is blocked');
    audio.refuse = null;
    fireEvent.click(screen.getByTestId('voice-mode-retry'));
    await pass(50);
    expect(state()).toBe('listening');

    fireEvent.keyDown(screen.getByTestId('voice-mode'), { key: 'Escape' });
    await pass(20);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(audio.tracks.every((track) => track.stopped)).toBe(true);
    expect(wakeLocks[0].released).toBe(true);
  });

  test('a question the server refuses (nothing heard) is said not sent, and voice mode listens again', async () => {
    turnAnswer = () =>
      jsonResponse(422, {
        statusCode: 422,
        message: 'No words were heard in the recording.',
        code: 'VOICE_NOTHING_HEARD',
      });
    await open();
    await askQuestion();
    await pass(40);
    expect(turnForms).toHaveLength(1);
    expect(state()).toBe('listening');
    expect(screen.getByTestId('voice-mode-error')).toHaveTextContent('Your question could not be sent');
    expect(speakTexts).toEqual([]);
  });

  test('the screen lock is asked for again when the page is shown again', async () => {
    let visibility = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    await open();
    expect(wakeLocks).toHaveLength(1);
    // Hidden: the browser drops the lock.
    visibility = 'hidden';
    wakeLocks[0].released = true;
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(wakeLocks).toHaveLength(1);
    visibility = 'visible';
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await pass(20);
    expect(wakeLocks).toHaveLength(2);
    fireEvent.click(screen.getByTestId('voice-mode-end'));
    await pass(20);
    expect(wakeLocks[1].released).toBe(true);
  });

  test('closed while the browser is still opening the microphone, it lets go of it', async () => {
    // Known already (the composer's microphone asked): listening starts at once.
    queryClient.setQueryData(VOICE_CAPABILITIES_QUERY_KEY, englishOnly);
    const { unmount } = renderWithProviders(<VoiceMode sender={sender} onClose={onClose} />, { queryClient });
    expect(audio.requests).toHaveLength(1);
    unmount();
    await pass(50);
    expect(audio.tracks).toHaveLength(1);
    expect(audio.tracks[0].stopped).toBe(true);
    expect(audio.recorders).toHaveLength(0);
    expect(wakeLocks.every((lock) => lock.released)).toBe(true);
  });

  test('without the Screen Wake Lock API it works all the same', async () => {
    delete (navigator as { wakeLock?: unknown }).wakeLock;
    await open();
    expect(state()).toBe('listening');
  });
});
