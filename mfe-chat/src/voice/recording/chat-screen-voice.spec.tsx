// The chat screen's voice wiring: the composer's microphone hands its recording to the send
// machine (POST /api/voice/turns, multipart), with the model picked on this screen; "Voice mode"
// opens the full-screen voice mode. Fakes of the browser's audio APIs; the API at fetch.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VOICE_TURNS_PATH } from '@kasa/contracts';
import App from '../../App';
import { chatOutbox } from '../../offline/outbox';
import { FakeApi, eventStream, renderWithProviders, setViewportWidth } from '../../testing/chat-harness';
import { installFakeAudio, type FakeAudio } from './testing/fake-audio-browser';

let api: FakeApi;
let audio: FakeAudio;
let voicePosts: FormData[];

beforeEach(async () => {
  await chatOutbox().clear();
  localStorage.clear();
  setViewportWidth(1280);
  audio = installFakeAudio();
  api = new FakeApi();
  const chatFetch = api.install();
  voicePosts = [];
  (globalThis as { fetch?: unknown }).fetch = jest.fn(
    async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url === VOICE_TURNS_PATH && init.method === 'POST') {
        voicePosts.push(init.body as FormData);
        return eventStream(init.signal).response as unknown as Response;
      }
      return chatFetch(input, init);
    },
  );
});
afterEach(() => {
  audio.restore();
  delete (globalThis as { fetch?: unknown }).fetch;
});

test('a voice message from the composer goes to POST /api/voice/turns with its audio and language', async () => {
  localStorage.setItem('kasa-speech-language', 'en');
  renderWithProviders(<App />);
  const user = userEvent.setup();
  await user.click(screen.getByTestId('composer-mic'));
  await waitFor(() =>
    expect(screen.getByTestId('voice-recording-bar')).toHaveAttribute('data-status', 'recording'),
  );
  await user.click(screen.getByTestId('voice-recording-send'));
  await waitFor(() => expect(voicePosts).toHaveLength(1));
  expect(voicePosts[0].get('audio')).toBeInstanceOf(Blob);
  expect(voicePosts[0].get('language')).toBe('en');
  expect(voicePosts[0].get('confirm')).toBeNull();
  await waitFor(() => expect(screen.queryByTestId('voice-recording-bar')).not.toBeInTheDocument());
  expect(audio.tracks.every((track) => track.stopped)).toBe(true);
});

test('"Voice mode" opens the full-screen voice mode', async () => {
  renderWithProviders(<App />);
  const user = userEvent.setup();
  await user.click(screen.getByTestId('composer-voice-mode'));
  expect(await screen.findByTestId('voice-mode')).toBeInTheDocument();
});
