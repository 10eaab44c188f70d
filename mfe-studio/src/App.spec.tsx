import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStudio, resetStudioStubs } from './testing/studio-harness';

afterEach(resetStudioStubs);

test('the page frame, with Chat and Get Pro in the studio header', () => {
  renderStudio();
  expect(screen.getByTestId('studio-page')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'AI Studio' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'AI Studio' })).toHaveAttribute('aria-current', 'page');
  const header = screen.getByTestId('studio-header');
  expect(within(header).getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/simple-chat');
  expect(within(header).getByRole('link', { name: 'Get Pro' })).toHaveAttribute('href', '/subscription');
});

test('the overview: Media Studio active, Voice Lab with its engine by kind and the six voices', () => {
  renderStudio();
  expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  const media = screen.getByTestId('overview-media');
  expect(within(media).getByTestId('overview-media-status')).toHaveTextContent('Active');
  expect(media).toHaveTextContent('Video: coming soon');
  const voice = screen.getByTestId('overview-voice');
  expect(voice).toHaveTextContent('Speech-to-text: speech recognition engine');
  expect(voice).toHaveTextContent('Text-to-speech: 6 voices (alloy, echo, fable, onyx, nova, shimmer)');
});

test('the tabs open Media Studio and Voice Lab (lazily), and keep the tab in the address', async () => {
  const user = userEvent.setup();
  renderStudio();
  await user.click(screen.getByRole('button', { name: 'Open Media Studio' }));
  expect(await screen.findByTestId('media-studio')).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Media Studio' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByTestId('location')).toHaveTextContent('/ai-studio?tab=media');

  await user.click(screen.getByRole('tab', { name: 'Voice Lab' }));
  expect(await screen.findByTestId('stt')).toBeInTheDocument();
  expect(screen.getByTestId('tts')).toBeInTheDocument();
  expect(screen.queryByTestId('media-studio')).not.toBeInTheDocument();

  // Arrow keys move between tabs (WAI-ARIA tabs).
  await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/ai-studio$/);
});

test('an unknown tab in the address shows the overview', () => {
  renderStudio({ path: '/ai-studio?tab=nope' });
  expect(screen.getByTestId('overview-media')).toBeInTheDocument();
});

test('speaks French when the UI language is French', async () => {
  renderStudio({ path: '/ai-studio?tab=voice', language: 'fr' });
  expect(screen.getByRole('heading', { level: 1, name: 'Studio IA' })).toBeInTheDocument();
  for (const name of ["Vue d'ensemble", 'Studio média', 'Labo voix']) {
    expect(screen.getByRole('tab', { name })).toBeInTheDocument();
  }
  expect(
    within(screen.getByTestId('studio-header')).getByRole('link', { name: 'Passer à Pro' }),
  ).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: "Démarrer l'enregistrement" })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Générer la parole' })).toBeInTheDocument();
  expect(screen.queryByText(/Start Recording|Generate Speech/)).not.toBeInTheDocument();
});
