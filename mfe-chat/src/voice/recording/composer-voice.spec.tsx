// The composer's microphone end to end inside the front end: the real composer, recording bar,
// recorder and confirm dialog, over fakes of the browser's audio APIs and a fake API at the fetch
// boundary. onSendVoice stands for the send machine (the chat screen passes ChatSender.sendVoice).
import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDEMPOTENCY_KEY_HEADER, type VoiceCapabilities, type VoiceTranscript } from '@kasa/contracts';
import { renderRemote, stubApi, unstubApi, type Answer, type Route } from '@kasa/ui/testing';
import type { Language } from '@kasa/ui';
import { Composer } from '../../composer/Composer';
import { DraftStore } from '../../shared/draft';
import type { VoiceTurnDraft } from '../voice-turn';
import { MAX_RECORDING_MS } from './RecordingBar';
import { installFakeAudio, type FakeAudio } from './testing/fake-audio-browser';
import { useComposerVoice } from './useComposerVoice';

const CAPABILITIES = 'GET /api/voice/capabilities';
const TURNS = 'POST /api/voice/turns';

const capabilities = (languages: VoiceCapabilities['speechToText']['languages'], available = true) =>
  ({
    speechToText: {
      available,
      engine: available ? 'pocketsphinx' : null,
      languages,
      detectsLanguage: false,
      unavailableReason: available ? null : 'No speech-to-text engine is configured.',
    },
    textToSpeech: { engine: 'espeak-ng' },
  }) satisfies VoiceCapabilities;

const transcript: VoiceTranscript = {
  recordingId: 'rec-1',
  transcription: 'go forward ten meters',
  language: 'en',
  duration: 2.5,
  audioUrl: '/api/files/rec-1?sig=x',
  engine: 'pocketsphinx',
};

let audio: FakeAudio;
let sent: VoiceTurnDraft[];
let accept: boolean;
let online: boolean;

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers();
  audio = installFakeAudio();
  sent = [];
  accept = true;
  online = true;
  jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  audio.restore();
  unstubApi();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

function Host() {
  const [draft] = useState(() => new DraftStore());
  const [onSendVoice] = useState(() => (draft: VoiceTurnDraft) => {
    sent.push(draft);
    return accept;
  });
  const [openVoiceMode] = useState(() => jest.fn());
  const voice = useComposerVoice(onSendVoice, openVoiceMode);
  return (
    <Composer
      draft={draft}
      onSend={() => true}
      onStop={() => undefined}
      pending={false}
      stopping={false}
      voice={voice}
    />
  );
}

function setup(routes: Record<string, Route> = {}, language: Language = 'en') {
  const api = stubApi({ [CAPABILITIES]: () => ({ status: 200, body: capabilities(['en']) }), ...routes });
  renderRemote(<Host />, { path: '/chat', language });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  return { api, user };
}

const mic = () => screen.getByTestId('composer-mic');
const bar = () => screen.queryByTestId('voice-recording-bar');

/** Taps the microphone and waits for the recording to be going. */
async function record(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(mic()).not.toHaveAttribute('data-blocked'));
  await user.click(mic());
  await waitFor(() => expect(bar()).toHaveAttribute('data-status', 'recording'));
}

test('tap, speak, Send: one voice turn with the recording and the language; the microphone is freed', async () => {
  const { user } = setup();
  expect(mic()).toHaveAccessibleName('Record a voice message');
  expect(screen.getByTestId('composer-voice-mode')).toHaveAccessibleName('Voice mode');
  await record(user);
  expect(screen.queryByTestId('chat-input')).not.toBeInTheDocument();
  expect(mic()).toHaveAccessibleName('Stop and send the voice message');
  act(() => jest.advanceTimersByTime(3_000));
  expect(screen.getByTestId('voice-recording-timer')).toHaveTextContent('0:03');
  await user.click(screen.getByTestId('voice-recording-send'));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toEqual({
    recording: { audio: expect.any(Blob), mimeType: 'audio/webm;codecs=opus', durationMs: 3_000 },
    language: 'auto',
  });
  expect(audio.recorders[0].options.audioBitsPerSecond).toBe(16_000);
  expect(audio.tracks[0].stopped).toBe(true);
  await waitFor(() => expect(bar()).not.toBeInTheDocument());
  expect(screen.getByTestId('chat-input')).toBeInTheDocument();
  // Focus stays in the input bar, on the microphone (the bar's Send is gone).
  expect(mic()).toHaveFocus();
});

test('tapping the microphone again stops and sends', async () => {
  const { user } = setup();
  await record(user);
  await user.click(mic());
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0].recording?.audio.size).toBeGreaterThan(0);
});

test('Cancel discards: nothing is sent and the microphone is freed', async () => {
  const { user } = setup();
  await record(user);
  await user.click(screen.getByTestId('voice-recording-cancel'));
  expect(bar()).not.toBeInTheDocument();
  expect(audio.tracks[0].stopped).toBe(true);
  act(() => jest.advanceTimersByTime(1_000));
  expect(sent).toHaveLength(0);
});

test('at two minutes the recording stops by itself and is sent', async () => {
  const { user } = setup();
  await record(user);
  act(() => jest.advanceTimersByTime(MAX_RECORDING_MS));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0].recording?.durationMs).toBe(MAX_RECORDING_MS);
  await waitFor(() =>
    expect(screen.getByTestId('toast')).toHaveTextContent('Two minutes is the longest voice message'),
  );
});

test('the "I speak" chip changes the preference; the recording goes in that language', async () => {
  const { user } = setup({ [CAPABILITIES]: () => ({ status: 200, body: capabilities(null) }) });
  await record(user);
  await user.click(screen.getByTestId('voice-language-chip'));
  await user.click(await screen.findByTestId('voice-language-sw'));
  expect(screen.getByTestId('voice-language-chip')).toHaveTextContent('I speak: Kiswahili');
  expect(localStorage.getItem('kasa-speech-language')).toBe('sw');
  await user.click(screen.getByTestId('voice-recording-send'));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0].language).toBe('sw');
});

test('a language the engine here cannot transcribe: the warning before recording, and no recording', async () => {
  localStorage.setItem('kasa-speech-language', 'fr');
  const { user } = setup();
  await waitFor(() => expect(mic()).toHaveAttribute('aria-disabled', 'true'));
  const warning =
    'The speech recognizer here understands English only. Choose English under “I speak”, or type your message.';
  expect(mic()).toHaveAccessibleDescription(warning);
  await user.click(mic());
  expect(await screen.findByTestId('voice-language-unsupported')).toHaveTextContent(warning);
  expect(audio.requests).toHaveLength(0);
  expect(screen.queryByTestId('voice-recording-send')).not.toBeInTheDocument();
  // Choosing English puts the text area back with a microphone that records.
  await user.click(screen.getByTestId('voice-language-chip'));
  await user.click(await screen.findByTestId('voice-language-en'));
  await waitFor(() => expect(bar()).not.toBeInTheDocument());
  expect(mic()).not.toHaveAttribute('aria-disabled');
  await record(user);
  expect(audio.requests).toHaveLength(1);
});

test('the warning in French', async () => {
  localStorage.setItem('kasa-speech-language', 'ha');
  const { user } = setup({}, 'fr');
  await waitFor(() => expect(mic()).toHaveAttribute('aria-disabled', 'true'));
  expect(mic()).toHaveAccessibleName('Enregistrer un message vocal');
  expect(screen.getByTestId('composer-voice-mode')).toHaveAccessibleName('Mode vocal');
  await user.click(mic());
  expect(await screen.findByTestId('voice-language-unsupported')).toHaveTextContent(
    'Ici, la reconnaissance vocale ne comprend qu’une langue : English. Choisissez English sous « Je parle », ou écrivez votre message.',
  );
  expect(screen.getByTestId('voice-language-chip')).toHaveTextContent('Je parle : Hausa');
});

test('no speech engine on the server: the microphone says why and does not record', async () => {
  const { user } = setup({ [CAPABILITIES]: () => ({ status: 200, body: capabilities(null, false) }) });
  await waitFor(() => expect(mic()).toHaveAttribute('aria-disabled', 'true'));
  expect(mic()).toHaveAttribute('title', expect.stringContaining('speech recognition is not set up'));
  await user.click(mic());
  expect(await screen.findByTestId('voice-unavailable')).toBeInTheDocument();
  expect(audio.requests).toHaveLength(0);
});

test.each([
  ['NotAllowedError', 'Kasa needs the microphone to hear you. Allow it in the browser’s site settings.'],
  ['NotFoundError', 'No microphone was found.'],
])('the microphone refused (%s): a clear message, the text area back', async (name, text) => {
  audio.refuse = name;
  const { user } = setup();
  await waitFor(() => expect(mic()).not.toHaveAttribute('data-blocked'));
  await user.click(mic());
  await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent(text));
  expect(bar()).not.toBeInTheDocument();
  expect(sent).toHaveLength(0);
});

test('a reply pending: the recording is kept and Send tries again', async () => {
  accept = false;
  const { user } = setup();
  await record(user);
  await user.click(screen.getByTestId('voice-recording-send'));
  await waitFor(() => expect(bar()).toHaveAttribute('data-status', 'held'));
  expect(screen.getByTestId('toast')).toHaveTextContent('Wait for the reply to finish');
  accept = true;
  await user.click(screen.getByTestId('voice-recording-send'));
  await waitFor(() => expect(bar()).not.toBeInTheDocument());
  expect(sent).toHaveLength(2);
  expect(sent[1].recording).toBe(sent[0].recording);
});

describe('Confirm what I said', () => {
  beforeEach(() => localStorage.setItem('kasa-confirm-transcript', 'on'));

  test('transcribed alone first; the corrected text is sent with the recording id', async () => {
    const keys: string[] = [];
    const { api, user } = setup({
      [TURNS]: (_body, init) => {
        keys.push(new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER) ?? '');
        return { status: 200, body: transcript };
      },
    });
    await record(user);
    await user.click(screen.getByTestId('voice-recording-send'));
    const dialog = await screen.findByTestId('voice-confirm-dialog');
    const form = api.bodiesOf(TURNS)[0] as FormData;
    expect(form.get('confirm')).toBe('true');
    expect(form.get('language')).toBe('auto');
    expect(form.get('audio')).toBeInstanceOf(Blob);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent).toHaveLength(0);

    const text = within(dialog).getByTestId('voice-confirm-text');
    expect(text).toHaveValue('go forward ten meters');
    expect(within(dialog).getByLabelText('Your recording')).toBeInTheDocument();
    await user.clear(text);
    await user.type(text, 'go forward ten metres');
    await user.click(within(dialog).getByTestId('voice-confirm-send'));
    expect(sent).toEqual([{ recordingId: 'rec-1', message: 'go forward ten metres', language: 'auto' }]);
    await waitFor(() => expect(screen.queryByTestId('voice-confirm-dialog')).not.toBeInTheDocument());
    expect(bar()).not.toBeInTheDocument();
  });

  test('Cancel in the dialog discards the voice message', async () => {
    const { user } = setup({ [TURNS]: () => ({ status: 200, body: transcript }) });
    await record(user);
    await user.click(screen.getByTestId('voice-recording-send'));
    await user.click(await screen.findByTestId('voice-confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('voice-confirm-dialog')).not.toBeInTheDocument());
    expect(bar()).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  test('a lost answer keeps the recording; Send asks again with the same Idempotency-Key', async () => {
    const keys: string[] = [];
    let answer: Answer = new TypeError('Failed to fetch');
    const { user } = setup({
      [TURNS]: (_body, init) => {
        keys.push(new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER) ?? '');
        return answer;
      },
    });
    await record(user);
    await user.click(screen.getByTestId('voice-recording-send'));
    await waitFor(() => expect(bar()).toHaveAttribute('data-status', 'held'));
    expect(screen.getByTestId('toast')).toHaveTextContent('Voice message not sent');
    answer = { status: 200, body: transcript };
    await user.click(screen.getByTestId('voice-recording-send'));
    await screen.findByTestId('voice-confirm-dialog');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  test('nothing heard: the reason in words, the voice message dropped', async () => {
    const { user } = setup({
      [TURNS]: () => ({
        status: 422,
        body: { statusCode: 422, code: 'VOICE_NOTHING_HEARD', message: 'No words were heard.' },
      }),
    });
    await record(user);
    await user.click(screen.getByTestId('voice-recording-send'));
    await waitFor(() => expect(bar()).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent(/Nothing was heard|No words/));
    expect(sent).toHaveLength(0);
  });

  test('over the voice limit: nothing more here (the app-wide usage-limit message says it)', async () => {
    const { user } = setup({
      [TURNS]: () => ({
        status: 429,
        body: {
          error: 'Usage limit exceeded',
          feature: 'voiceMinutesPerMonth',
          current: 60,
          limit: 60,
          upgradeRequired: true,
          code: 'USAGE_LIMIT_EXCEEDED',
        },
      }),
    });
    await record(user);
    await user.click(screen.getByTestId('voice-recording-send'));
    await waitFor(() => expect(bar()).not.toBeInTheDocument());
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  test('offline: sent as recorded through the outbox, and the toast says so', async () => {
    const { api, user } = setup();
    await record(user);
    online = false;
    await user.click(screen.getByTestId('voice-recording-send'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].recording).toBeDefined();
    expect(api.count(TURNS)).toBe(0);
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Sent as recorded'));
    expect(bar()).not.toBeInTheDocument();
  });
});
