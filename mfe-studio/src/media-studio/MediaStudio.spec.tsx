import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MediaGenerationResult } from '@kasa/contracts';
import {
  MEDIA,
  ok,
  renderStudio,
  resetStudioStubs,
  stubApi,
  usageLimit,
  watchDownloads,
  watchUsageLimit,
} from '../testing/studio-harness';

const IMAGE_URL = '/api/files/f1?expires=1900000000&sig=abc';
const generated: MediaGenerationResult = {
  type: 'image',
  url: IMAGE_URL,
  format: 'png',
  metadata: {
    model: 'offline-illustration',
    size: '1792x1024',
    revised_prompt: 'A red bicycle by a lake at dawn',
  },
};

afterEach(resetStudioStubs);

async function openMediaStudio() {
  renderStudio({ path: '/ai-studio?tab=media' });
  return screen.findByTestId('media-studio');
}

test('the form: Image with Video disabled, the three sizes, a prompt counter out of 1000', async () => {
  const user = userEvent.setup();
  await openMediaStudio();
  const type = screen.getByLabelText('Type');
  expect(type).toHaveValue('image');
  expect(within(type).getByRole('option', { name: 'Video (coming soon)' })).toBeDisabled();
  expect(
    within(screen.getByLabelText('Size'))
      .getAllByRole('option')
      .map((o) => o.getAttribute('value')),
  ).toEqual(['1024x1024', '1792x1024', '1024x1792']);
  const prompt = screen.getByLabelText('Prompt');
  expect(prompt).toHaveAttribute('maxLength', '1000');
  expect(screen.getByTestId('media-prompt-count')).toHaveTextContent('0/1000');
  await user.type(prompt, 'a cat');
  expect(screen.getByTestId('media-prompt-count')).toHaveTextContent('5/1000');
});

test('Generate is disabled while the prompt is blank; Ctrl+Enter on a blank prompt says a prompt is required', async () => {
  const user = userEvent.setup();
  const api = stubApi({});
  await openMediaStudio();
  const generate = screen.getByRole('button', { name: 'Generate' });
  expect(generate).toBeDisabled();
  await user.type(screen.getByLabelText('Prompt'), '   ');
  expect(generate).toBeDisabled();
  await user.keyboard('{Control>}{Enter}{/Control}');
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Prompt required');
  expect(toast).toHaveTextContent('Please enter a prompt to generate media.');
  expect(api.calls).toHaveLength(0);
});

test('generates an image: the request, the toast, the result card, Download and Clear', async () => {
  const user = userEvent.setup();
  const api = stubApi({
    [MEDIA]: ok(generated),
    [`GET ${IMAGE_URL}`]: () => ({ status: 200, blob: new Blob(['png'], { type: 'image/png' }) }),
  });
  const downloads = watchDownloads();
  await openMediaStudio();
  await user.selectOptions(screen.getByLabelText('Size'), '1792x1024');
  await user.type(screen.getByLabelText('Prompt'), '  a red bicycle  ');
  await user.click(screen.getByRole('button', { name: 'Generate' }));

  expect(await screen.findByTestId('toast')).toHaveTextContent('Media generated successfully!');
  expect(api.calls[0]).toEqual({
    call: MEDIA,
    body: { prompt: 'a red bicycle', type: 'image', size: '1792x1024' },
  });
  const card = screen.getByTestId('media-result');
  expect(within(card).getByRole('img', { name: 'Generated image: a red bicycle' })).toHaveAttribute(
    'src',
    IMAGE_URL,
  );
  expect(screen.getByTestId('media-result-model')).toHaveTextContent('offline-illustration');
  expect(screen.getByTestId('media-result-size')).toHaveTextContent('1792x1024');
  expect(screen.getByTestId('media-result-format')).toHaveTextContent('PNG');
  expect(screen.getByTestId('media-result-revised')).toHaveTextContent(
    'Enhanced promptA red bicycle by a lake at dawn',
  );

  await user.click(within(card).getByRole('button', { name: 'Download' }));
  await waitFor(() => expect(downloads.names).toEqual(['kasa-image.png']));
  expect(api.count(`GET ${IMAGE_URL}`)).toBe(1);

  await user.click(within(card).getByRole('button', { name: 'Clear' }));
  expect(screen.queryByTestId('media-result')).not.toBeInTheDocument();
});

test('without an enhanced prompt the card shows none', async () => {
  const user = userEvent.setup();
  stubApi({ [MEDIA]: ok({ ...generated, metadata: { model: 'gpt-image-1', size: '1024x1024' } }) });
  await openMediaStudio();
  await user.type(screen.getByLabelText('Prompt'), 'a cat');
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  expect(await screen.findByTestId('media-result')).toBeInTheDocument();
  expect(screen.queryByTestId('media-result-revised')).not.toBeInTheDocument();
});

test('a failure toasts Generation failed with the server text, or the studio text when there is none', async () => {
  const user = userEvent.setup();
  stubApi({
    [MEDIA]: () => ({
      status: 400,
      body: { statusCode: 400, code: 'SOME_NEW_CODE', message: 'Video is not available yet' },
    }),
  });
  await openMediaStudio();
  await user.type(screen.getByLabelText('Prompt'), 'a cat');
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Generation failed');
  expect(toast).toHaveTextContent('Video is not available yet');

  stubApi({}); // the connection is lost
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  await waitFor(() =>
    expect(screen.getByTestId('toast')).toHaveTextContent('Failed to generate media. Please try again.'),
  );
  expect(screen.queryByTestId('media-result')).not.toBeInTheDocument();
});

const NOT_ILLUSTRATABLE = {
  status: 422,
  body: {
    statusCode: 422,
    code: 'IMAGE_PROMPT_NOT_ILLUSTRATABLE',
    message:
      "Kasa's offline illustrations cannot draw this yet. Try naming a crop, an animal, a tool or the weather.",
  },
};

test('a prompt the offline illustrations cannot draw shows what they can draw under the prompt, until the next try', async () => {
  const user = userEvent.setup();
  stubApi({ [MEDIA]: () => NOT_ILLUSTRATABLE });
  await openMediaStudio();
  await user.type(screen.getByLabelText('Prompt'), 'cocoa pods');
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  const hint = await screen.findByTestId('illustration-hint');
  expect(hint).toHaveTextContent('Try naming a crop, an animal, a tool or the weather.');
  expect(hint).toHaveTextContent('For example: "goats in the rain"');
  expect(await screen.findByTestId('toast')).toHaveTextContent('Generation failed');

  stubApi({ [MEDIA]: ok(generated) });
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  expect(await screen.findByTestId('media-result')).toBeInTheDocument();
  expect(screen.queryByTestId('illustration-hint')).not.toBeInTheDocument();
});

test('the vocabulary hint in French', async () => {
  const user = userEvent.setup();
  stubApi({ [MEDIA]: () => NOT_ILLUSTRATABLE });
  renderStudio({ path: '/ai-studio?tab=media', language: 'fr' });
  await user.type(await screen.findByLabelText('Description'), 'des cabosses de cacao');
  await user.click(screen.getByRole('button', { name: 'Générer' }));
  const hint = await screen.findByTestId('illustration-hint');
  await waitFor(() =>
    expect(hint).toHaveTextContent('Essayez de nommer une culture, un animal, un outil ou la météo.'),
  );
  expect(hint).toHaveTextContent('« des chèvres sous la pluie »');
});

test('another failure shows no vocabulary hint', async () => {
  const user = userEvent.setup();
  stubApi({
    [MEDIA]: () => ({
      status: 422,
      body: { statusCode: 422, code: 'AI_PROMPT_REFUSED', message: 'Refused.' },
    }),
  });
  await openMediaStudio();
  await user.type(screen.getByLabelText('Prompt'), 'a goat');
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  expect(await screen.findByTestId('toast')).toHaveTextContent('Generation failed');
  expect(screen.queryByTestId('illustration-hint')).not.toBeInTheDocument();
});

test('a 429 usage limit goes to the app-wide handler only: no second toast here', async () => {
  const user = userEvent.setup();
  const api = stubApi({ [MEDIA]: usageLimit('mediaGenerationsPerMonth') });
  const onUsageLimit = watchUsageLimit();
  await openMediaStudio();
  await user.type(screen.getByLabelText('Prompt'), 'a cat');
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  await waitFor(() => expect(onUsageLimit).toHaveBeenCalledTimes(1));
  expect(api.count(MEDIA)).toBe(1);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled());
  expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
});

test('in French', async () => {
  const user = userEvent.setup();
  stubApi({ [MEDIA]: ok(generated) });
  renderStudio({ path: '/ai-studio?tab=media', language: 'fr' });
  await user.type(await screen.findByLabelText('Description'), 'un chat');
  expect(screen.getByLabelText('Taille')).toHaveDisplayValue('Carrée (1024x1024)');
  await user.click(screen.getByRole('button', { name: 'Générer' }));
  expect(await screen.findByTestId('toast')).toHaveTextContent('Média généré avec succès !');
  expect(screen.getByRole('button', { name: 'Télécharger' })).toBeInTheDocument();
  expect(screen.getByTestId('media-result-revised')).toHaveTextContent('Description améliorée');
});
