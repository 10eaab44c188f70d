import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SpeechResult } from '@kasa/contracts';
import {
  SPEAK,
  ok,
  renderStudio,
  resetStudioStubs,
  stubApi,
  stubPlayback,
  usageLimit,
  watchDownloads,
  watchUsageLimit,
} from '../testing/studio-harness';

const AUDIO_URL = '/api/files/s1?expires=1900000000&sig=abc';
const spoken: SpeechResult = {
  audioUrl: AUDIO_URL,
  voice: 'nova',
  format: 'opus',
  text: 'Hello from Kasa',
  engine: 'espeak-ng',
  duration: 1.2,
};

afterEach(resetStudioStubs);

async function openTts(language: 'en' | 'fr' = 'en') {
  renderStudio({ path: '/ai-studio?tab=voice', language });
  return screen.findByTestId('tts');
}

test('the form: six voices (alloy first), four formats (mp3 first), a counter out of 4000', async () => {
  const user = userEvent.setup();
  await openTts();
  const voice = screen.getByLabelText('Voice');
  expect(voice).toHaveValue('alloy');
  expect(
    within(voice)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value')),
  ).toEqual(['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer']);
  const format = screen.getByLabelText('Format');
  expect(format).toHaveValue('mp3');
  expect(
    within(format)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value')),
  ).toEqual(['mp3', 'opus', 'aac', 'flac']);
  expect(screen.getByLabelText('Text')).toHaveAttribute('maxLength', '4000');
  await user.type(screen.getByLabelText('Text'), 'Hi');
  expect(screen.getByTestId('tts-text-count')).toHaveTextContent('2/4000');
});

test('with the data saver on, the format starts on Opus', async () => {
  localStorage.setItem('kasa-data-saver', 'on');
  try {
    await openTts();
    expect(screen.getByLabelText('Format')).toHaveValue('opus');
  } finally {
    localStorage.removeItem('kasa-data-saver');
  }
});

test('blank text: Generate Speech disabled, and Ctrl+Enter says Text required', async () => {
  const user = userEvent.setup();
  const api = stubApi({});
  await openTts();
  expect(screen.getByRole('button', { name: 'Generate Speech' })).toBeDisabled();
  await user.click(screen.getByLabelText('Text'));
  await user.keyboard('{Control>}{Enter}{/Control}');
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Text required');
  expect(toast).toHaveTextContent('Please enter text to convert to speech.');
  expect(api.calls).toHaveLength(0);
});

test('generates speech: the request, the toast, badges, text, Play/Pause, Download and Clear', async () => {
  const user = userEvent.setup();
  const api = stubApi({
    [SPEAK]: ok(spoken),
    [`GET ${AUDIO_URL}`]: () => ({ status: 200, blob: new Blob(['OggS'], { type: 'audio/ogg' }) }),
  });
  const downloads = watchDownloads();
  stubPlayback();
  await openTts();
  await user.selectOptions(screen.getByLabelText('Voice'), 'nova');
  await user.selectOptions(screen.getByLabelText('Format'), 'opus');
  await user.type(screen.getByLabelText('Text'), ' Hello from Kasa ');
  await user.click(screen.getByRole('button', { name: 'Generate Speech' }));

  expect(await screen.findByTestId('toast')).toHaveTextContent('Speech generated successfully!');
  expect(api.calls[0]).toEqual({
    call: SPEAK,
    body: { text: 'Hello from Kasa', voice: 'nova', format: 'opus' },
  });
  const card = screen.getByTestId('tts-result');
  expect(screen.getByTestId('tts-result-voice')).toHaveTextContent('Nova');
  expect(screen.getByTestId('tts-result-format')).toHaveTextContent('OPUS');
  expect(screen.getByTestId('tts-result-text')).toHaveTextContent('Hello from Kasa');

  await user.click(within(card).getByRole('button', { name: 'Play' }));
  await user.click(await within(card).findByRole('button', { name: 'Pause' }));
  expect(await within(card).findByRole('button', { name: 'Play' })).toBeInTheDocument();

  await user.click(within(card).getByRole('button', { name: 'Download' }));
  await waitFor(() => expect(downloads.names).toEqual(['kasa-speech.ogg']));

  await user.click(within(card).getByRole('button', { name: 'Clear' }));
  expect(screen.queryByTestId('tts-result')).not.toBeInTheDocument();
});

test('audio that cannot play toasts Playback failed; a file that cannot download toasts Download failed', async () => {
  const user = userEvent.setup();
  stubApi({
    [SPEAK]: ok(spoken),
    [`GET ${AUDIO_URL}`]: () => ({ status: 403, body: { code: 'FILES_LINK_EXPIRED' } }),
  });
  stubPlayback(false);
  watchDownloads();
  await openTts();
  await user.type(screen.getByLabelText('Text'), 'Hi');
  await user.click(screen.getByRole('button', { name: 'Generate Speech' }));
  const card = await screen.findByTestId('tts-result');

  await user.click(within(card).getByRole('button', { name: 'Play' }));
  await waitFor(() =>
    expect(screen.getByTestId('toast')).toHaveTextContent('Playback failedCould not play audio'),
  );
  expect(within(card).getByRole('button', { name: 'Play' })).toBeInTheDocument();

  await user.click(within(card).getByRole('button', { name: 'Download' }));
  await waitFor(() =>
    expect(screen.getByTestId('toast')).toHaveTextContent('Download failedCould not download file'),
  );
});

test('a failure toasts Speech generation failed; a 429 is left to the app-wide handler', async () => {
  const user = userEvent.setup();
  stubApi({});
  await openTts();
  await user.type(screen.getByLabelText('Text'), 'Hi');
  await user.click(screen.getByRole('button', { name: 'Generate Speech' }));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Speech generation failed');
  expect(toast).toHaveTextContent('Failed to generate speech');
  await user.click(within(toast).getByRole('button', { name: 'Close notification' }));

  stubApi({ [SPEAK]: usageLimit('voiceMinutesPerMonth') });
  const onUsageLimit = watchUsageLimit();
  await user.click(screen.getByRole('button', { name: 'Generate Speech' }));
  await waitFor(() => expect(onUsageLimit).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Generate Speech' })).toBeEnabled());
  expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
});

test('in French', async () => {
  const user = userEvent.setup();
  stubApi({ [SPEAK]: ok(spoken) });
  await openTts('fr');
  await user.type(screen.getByLabelText('Texte'), 'Bonjour');
  await user.click(screen.getByRole('button', { name: 'Générer la parole' }));
  expect(await screen.findByTestId('toast')).toHaveTextContent('Parole générée avec succès !');
  expect(screen.getByRole('button', { name: 'Écouter' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Effacer' })).toBeInTheDocument();
});
