import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TranscriptionResult } from '@kasa/contracts';
import { installFakeMicrophone, type FakeMicrophone } from '@kasa/ui/testing';
import {
  TRANSCRIBE,
  ok,
  renderStudio,
  resetStudioStubs,
  stubApi,
  stubPlayback,
  usageLimit,
  watchDownloads,
  watchUsageLimit,
} from '../testing/studio-harness';

const AUDIO_URL = '/api/files/a1?expires=1900000000&sig=xyz';
const transcribed: TranscriptionResult = {
  transcription: 'go forward ten meters',
  language: 'en',
  duration: 2.345,
  audioUrl: AUDIO_URL,
  engine: 'pocketsphinx',
};

let mic: FakeMicrophone | undefined;
afterEach(() => {
  mic?.uninstall();
  mic = undefined;
  resetStudioStubs();
});

async function openVoiceLab(language: 'en' | 'fr' = 'en') {
  renderStudio({ path: '/ai-studio?tab=voice', language });
  return screen.findByTestId('stt');
}

const sentAudio = (body: unknown) => (body as FormData).get('audio') as File;

test('records 16 kHz mono WAV, transcribes it, and shows language, duration, text, Play and Download', async () => {
  const user = userEvent.setup();
  mic = installFakeMicrophone({ sampleRate: 48_000 });
  const api = stubApi({
    [TRANSCRIBE]: ok(transcribed),
    [`GET ${AUDIO_URL}`]: () => ({ status: 200, blob: new Blob(['wav'], { type: 'audio/wav' }) }),
  });
  const downloads = watchDownloads();
  const play = stubPlayback();
  await openVoiceLab();
  expect(screen.getByRole('button', { name: 'Transcribe' })).toBeDisabled();

  await user.click(screen.getByRole('button', { name: 'Start Recording' }));
  const stop = await screen.findByRole('button', { name: 'Stop Recording' });
  expect(screen.getByTestId('stt-chosen')).toHaveTextContent('Recording...');
  mic.speak(new Float32Array(48_000 * 2).fill(0.25)); // two seconds
  await user.click(stop);
  expect(await screen.findByText('Recording ready (2.0 s)')).toBeInTheDocument();
  expect(mic.released()).toBe(true);

  await user.click(screen.getByRole('button', { name: 'Transcribe' }));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Audio transcribed successfully!');
  expect(toast).toHaveTextContent('Language: en');
  const audio = sentAudio(api.calls[0].body);
  expect(api.calls[0].call).toBe(TRANSCRIBE);
  expect(audio.name).toBe('recording.wav');
  expect(audio.type).toBe('audio/wav');
  expect(audio.size).toBe(44 + 16_000 * 2 * 2);

  const card = screen.getByTestId('stt-result');
  expect(screen.getByTestId('stt-result-language')).toHaveTextContent('Language: en');
  expect(screen.getByTestId('stt-result-duration')).toHaveTextContent('Duration: 2.3 s');
  expect(screen.getByTestId('stt-result-text')).toHaveTextContent('go forward ten meters');
  expect(screen.getByTestId('stt-play-audio')).toHaveAttribute('src', AUDIO_URL);
  await user.click(within(card).getByRole('button', { name: 'Play' }));
  expect(play).toHaveBeenCalledTimes(1);
  expect(await within(card).findByRole('button', { name: 'Pause' })).toBeInTheDocument();
  await user.click(within(card).getByRole('button', { name: 'Download' }));
  await waitFor(() => expect(downloads.names).toEqual(['kasa-recording.wav']));
});

test('a refused microphone toasts Recording failed', async () => {
  const user = userEvent.setup();
  mic = installFakeMicrophone({ refuse: true });
  await openVoiceLab();
  await user.click(screen.getByRole('button', { name: 'Start Recording' }));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Recording failed');
  expect(toast).toHaveTextContent('Could not access microphone');
  expect(screen.getByRole('button', { name: 'Start Recording' })).toBeEnabled();
});

test('uploads an audio file (multipart field audio); a file that is not audio is refused', async () => {
  const user = userEvent.setup({ applyAccept: false });
  const api = stubApi({ [TRANSCRIBE]: ok(transcribed) });
  await openVoiceLab();
  const input = screen.getByTestId('stt-file');

  await user.upload(input, new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Invalid file');
  expect(toast).toHaveTextContent('Please select an audio file.');
  expect(screen.getByRole('button', { name: 'Transcribe' })).toBeDisabled();

  await user.upload(input, new File(['ID3'], 'memo.mp3', { type: 'audio/mpeg' }));
  expect(screen.getByTestId('stt-chosen')).toHaveTextContent('File: memo.mp3');
  await user.click(screen.getByRole('button', { name: 'Transcribe' }));
  expect(await screen.findByTestId('stt-result')).toBeInTheDocument();
  expect(sentAudio(api.calls[0].body).name).toBe('memo.mp3');
});

test('a failure toasts Transcription failed with the server text, or the default text', async () => {
  const user = userEvent.setup();
  stubApi({
    [TRANSCRIBE]: () => ({
      status: 400,
      body: { statusCode: 400, code: 'SOME_NEW_CODE', message: 'The audio is empty' },
    }),
  });
  await openVoiceLab();
  await user.upload(screen.getByTestId('stt-file'), new File(['x'], 'a.wav', { type: 'audio/wav' }));
  await user.click(screen.getByRole('button', { name: 'Transcribe' }));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Transcription failed');
  expect(toast).toHaveTextContent('The audio is empty');

  stubApi({});
  await user.click(screen.getByRole('button', { name: 'Transcribe' }));
  await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Failed to transcribe audio'));
  expect(screen.queryByTestId('stt-result')).not.toBeInTheDocument();
});

test('a 429 usage limit is left to the app-wide handler', async () => {
  const user = userEvent.setup();
  stubApi({ [TRANSCRIBE]: usageLimit('audioUploadsPerMonth') });
  const onUsageLimit = watchUsageLimit();
  await openVoiceLab();
  await user.upload(screen.getByTestId('stt-file'), new File(['x'], 'a.wav', { type: 'audio/wav' }));
  await user.click(screen.getByRole('button', { name: 'Transcribe' }));
  await waitFor(() => expect(onUsageLimit).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Transcribe' })).toBeEnabled());
  expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
});

test('in French', async () => {
  const user = userEvent.setup();
  stubApi({ [TRANSCRIBE]: ok({ ...transcribed, language: 'fr' }) });
  await openVoiceLab('fr');
  await user.upload(screen.getByTestId('stt-file'), new File(['x'], 'a.wav', { type: 'audio/wav' }));
  await user.click(screen.getByRole('button', { name: 'Transcrire' }));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Audio transcrit avec succès !');
  expect(toast).toHaveTextContent('Langue : fr');
  expect(screen.getByTestId('stt-result-duration')).toHaveTextContent('Durée: 2.3 s');
});
