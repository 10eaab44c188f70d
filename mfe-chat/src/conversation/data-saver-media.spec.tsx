// The data saver in messages: thumbnails with 'Show original', originals when it is off, and audio
// that never plays by itself.
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessageAttachment } from '@kasa/contracts';
import { DATA_SAVER_STORAGE_KEY } from '@kasa/ui';
import { renderWithProviders } from '../testing/chat-harness';
import { MessageAttachments } from './MessageAttachments';
import { MessageAudio, MessageImage } from '../shared/media/MessageMedia';

const IMAGE = '/api/files/0b6d6a57-7e4e-4f49-9f55-3f8f3a1c2d4e?expires=1767225600&sig=abc';

const attachments: ChatMessageAttachment[] = [
  { type: 'upload', id: 'u1', name: 'field.jpg', mimeType: 'image/jpeg', url: `${IMAGE}&x=1` },
  { type: 'upload', id: 'u2', name: 'plan.svg', mimeType: 'image/svg+xml', url: `${IMAGE}&x=2` },
  { type: 'upload', id: 'u3', name: 'notes.pdf', mimeType: 'application/pdf', url: `${IMAGE}&x=3` },
];

function setConnection(value: { saveData?: boolean; effectiveType?: string } | undefined) {
  if (value)
    Object.defineProperty(navigator, 'connection', {
      value: Object.assign(new EventTarget(), value),
      configurable: true,
    });
  else delete (navigator as { connection?: unknown }).connection;
}

beforeEach(() => localStorage.clear());
afterEach(() => setConnection(undefined));

describe('a generated image', () => {
  test('data saver off: the original, and no Show original', () => {
    renderWithProviders(<MessageImage url={IMAGE} />);
    const img = screen.getByTestId('message-image');
    expect(img).toHaveAttribute('src', IMAGE);
    expect(img).toHaveAttribute('data-variant', 'original');
    expect(screen.queryByRole('button', { name: 'Show original' })).toBeNull();
  });

  test('data saver on: the thumbnail, and Show original loads the full image', async () => {
    localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'on');
    renderWithProviders(<MessageImage url={IMAGE} />);
    const img = screen.getByTestId('message-image');
    expect(img).toHaveAttribute('src', `${IMAGE}&variant=thumb`);
    expect(screen.getByText('Data saver: a smaller copy.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show original' }));
    expect(screen.getByTestId('message-image')).toHaveAttribute('src', `${IMAGE}&variant=original`);
    expect(screen.queryByRole('button', { name: 'Show original' })).toBeNull();
  });

  test('automatic: on under Save-Data; in French', () => {
    setConnection({ saveData: true });
    renderWithProviders(<MessageImage url={IMAGE} />, { language: 'fr' });
    expect(screen.getByTestId('message-image')).toHaveAttribute('data-variant', 'thumb');
    expect(screen.getByRole('button', { name: "Afficher l'original" })).toBeInTheDocument();
  });

  test('turned off by the user while the connection sends Save-Data: the original, named as such', () => {
    setConnection({ saveData: true });
    localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'off');
    renderWithProviders(<MessageImage url={IMAGE} />);
    expect(screen.getByTestId('message-image')).toHaveAttribute('src', `${IMAGE}&variant=original`);
  });

  test('no thumbnail from the server (422): a note instead of a broken image, and Show original still works', async () => {
    localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'on');
    renderWithProviders(<MessageImage url={IMAGE} />);
    fireEvent.error(screen.getByTestId('message-image'));
    expect(screen.queryByTestId('message-image')).toBeNull();
    expect(
      screen.getByText('Data saver: no smaller copy of this image. Show the original to see it.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show original' }));
    expect(screen.getByTestId('message-image')).toHaveAttribute('src', `${IMAGE}&variant=original`);
  });

  test('an image from elsewhere has no thumbnail to ask for', () => {
    localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'on');
    renderWithProviders(<MessageImage url="https://images.example.com/a.png" />);
    expect(screen.getByTestId('message-image')).toHaveAttribute('src', 'https://images.example.com/a.png');
    expect(screen.queryByRole('button', { name: 'Show original' })).toBeNull();
  });
});

describe('attachments', () => {
  test('data saver on: pictures the server can shrink show as thumbnails; links open the original', () => {
    localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'on');
    renderWithProviders(<MessageAttachments attachments={attachments} />);
    const [jpg, svg, pdf] = screen.getAllByTestId('message-attachment');
    expect(within(jpg).getByRole('img')).toHaveAttribute('src', `${IMAGE}&x=1&variant=thumb`);
    expect(within(jpg).getByRole('link')).toHaveAttribute('href', `${IMAGE}&x=1&variant=original`);
    expect(within(svg).getByRole('img')).toHaveAttribute('src', `${IMAGE}&x=2&variant=original`);
    expect(within(pdf).getByRole('link')).toHaveAttribute('href', `${IMAGE}&x=3&variant=original`);
  });

  test('a picture the server made no thumbnail of becomes a named chip that opens the original', () => {
    localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'on');
    renderWithProviders(<MessageAttachments attachments={attachments} />);
    const [jpg] = screen.getAllByTestId('message-attachment');
    fireEvent.error(within(jpg).getByRole('img'));
    expect(within(jpg).queryByRole('img')).toBeNull();
    expect(within(jpg).getByText(/field\.jpg/)).toBeInTheDocument();
    expect(within(jpg).getByRole('link')).toHaveAttribute('href', `${IMAGE}&x=1&variant=original`);
  });

  test('a WebP is shown as it is: it is already as small as a thumbnail would be', () => {
    localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'on');
    const webp: ChatMessageAttachment = {
      type: 'upload',
      id: 'w',
      name: 'leaf.webp',
      mimeType: 'image/webp',
      url: IMAGE,
    };
    renderWithProviders(<MessageAttachments attachments={[webp]} />);
    expect(screen.getByRole('img')).toHaveAttribute('src', `${IMAGE}&variant=original`);
  });

  test('data saver off: the files as they are', () => {
    renderWithProviders(<MessageAttachments attachments={attachments} />);
    const [jpg] = screen.getAllByTestId('message-attachment');
    expect(within(jpg).getByRole('img')).toHaveAttribute('src', `${IMAGE}&x=1`);
    expect(within(jpg).getByRole('link')).toHaveAttribute('href', `${IMAGE}&x=1`);
  });
});

test('audio never plays by itself and downloads nothing before Play, data saver on or off', () => {
  localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'on');
  renderWithProviders(<MessageAudio url="/api/files/q.mp3?sig=a" transcription="Cocoa prices?" />);
  const audio = screen.getByTestId('message-audio').querySelector('audio')!;
  expect(audio.autoplay).toBe(false);
  expect(audio).toHaveAttribute('preload', 'none');
});
