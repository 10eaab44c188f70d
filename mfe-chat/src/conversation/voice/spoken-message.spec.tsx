// How a spoken user message shows (docs/product.md#voice): its recording (Play, never preloaded),
// its text, the language heard, and that language's chip transcribing it again as an edit. Rendered
// as the conversation renders it (MessageRow, LiveTurnRows' row, WaitingRow); the browser's object
// URLs are faked (jsdom has none).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHAT_ROOT_PARENT_ID } from '@kasa/contracts';
import { DATA_SAVER_STORAGE_KEY } from '@kasa/ui';
import { message, renderWithProviders } from '../../testing/chat-harness';
import type { OutboxItem } from '../../offline/outbox';
import { MessageRow, WaitingRow } from '../MessageList';

const AUDIO = '/api/files/r1?expires=1767225600&sig=abc';

const spoken = (extra = {}) =>
  message('u1', 'user', 'When should I plant maize?', {
    parentId: 'a0',
    audioUrl: AUDIO,
    transcription: 'When should I plant maize?',
    transcriptionLanguage: 'en',
    recordingId: 'r1',
    ...extra,
  });

let created: string[];
let revoked: string[];

beforeEach(() => {
  localStorage.clear();
  created = [];
  revoked = [];
  Object.assign(URL, {
    createObjectURL: () => {
      created.push(`blob:test/${created.length + 1}`);
      return created.at(-1);
    },
    revokeObjectURL: (url: string) => revoked.push(url),
  });
});

test('a saved spoken message: Play of its recording (not preloaded), its text, the language heard', async () => {
  renderWithProviders(<MessageRow message={spoken()} conversationId="c1" onSendVoice={jest.fn()} />);
  const audio = within(await screen.findByTestId('message-voice')).getByLabelText('Your recording');
  expect(audio.tagName).toBe('AUDIO');
  expect(audio).toHaveAttribute('controls');
  expect(audio).toHaveAttribute('preload', 'none');
  expect(audio).toHaveAttribute('src', AUDIO);
  expect(screen.getByTestId('message-transcription')).toHaveTextContent('When should I plant maize?');
  // Said once: the transcription is the text, not repeated under a "Transcription:" label.
  expect(screen.queryByText(/Transcription:/)).toBeNull();
  expect(screen.queryByTestId('message-audio')).toBeNull();
  expect(screen.getByTestId('message-transcription-language')).toHaveTextContent('English');
  // Copy and Edit stay (Edit edits the text as a typed message).
  expect(screen.getByRole('button', { name: 'Copy message' })).toBeInTheDocument();
});

test('with the data saver on, the recording still waits for Play', async () => {
  localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'on');
  renderWithProviders(<MessageRow message={spoken()} conversationId="c1" />);
  expect(within(await screen.findByTestId('message-voice')).getByLabelText('Your recording')).toHaveAttribute(
    'preload',
    'none',
  );
});

test('the language chip transcribes the recording again in another language, as an edit of the message', async () => {
  const onSendVoice = jest.fn(() => true);
  renderWithProviders(<MessageRow message={spoken()} conversationId="c1" onSendVoice={onSendVoice} />);
  const user = userEvent.setup();
  const chip = await screen.findByTestId('message-transcription-language');
  await user.click(chip);
  const menu = screen.getByRole('menu', { name: 'Transcribe again in…' });
  expect(chip).toHaveAttribute('aria-expanded', 'true');
  // Every language the user may speak, by its own name, but the one already heard.
  expect(within(menu).queryByTestId('transcription-language-en')).toBeNull();
  expect(within(menu).getByTestId('transcription-language-yo')).toHaveTextContent('Yorùbá');
  expect(within(menu).getAllByRole('menuitem')).toHaveLength(15);
  await user.click(within(menu).getByTestId('transcription-language-fr'));
  expect(onSendVoice).toHaveBeenCalledWith({ recordingId: 'r1', language: 'fr', parentMessageId: 'a0' });
  expect(screen.queryByRole('menu')).toBeNull();
});

test('the first message of a conversation branches from the root; Escape closes the menu; in French', async () => {
  const onSendVoice = jest.fn(() => true);
  renderWithProviders(
    <MessageRow
      message={spoken({ parentId: null, transcriptionLanguage: 'fr', content: 'Quand semer ?' })}
      conversationId="c1"
      onSendVoice={onSendVoice}
    />,
    { language: 'fr' },
  );
  const user = userEvent.setup();
  const chip = await screen.findByRole('button', {
    name: 'Entendu en Français. Transcrire à nouveau dans une autre langue',
  });
  await user.click(chip);
  expect(screen.getByRole('menu', { name: 'Transcrire à nouveau en…' })).toBeInTheDocument();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('menu')).toBeNull();
  expect(chip).toHaveFocus();
  await user.click(chip);
  await user.click(screen.getByTestId('transcription-language-en'));
  expect(onSendVoice).toHaveBeenCalledWith({
    recordingId: 'r1',
    language: 'en',
    parentMessageId: CHAT_ROOT_PARENT_ID,
  });
});

test('while a reply is written the chip waits; unsaved, or without a recording, it only names the language', async () => {
  const { unmount } = renderWithProviders(
    <MessageRow message={spoken()} conversationId="c1" busy onSendVoice={jest.fn()} />,
  );
  expect(await screen.findByTestId('message-transcription-language')).toBeDisabled();
  unmount();

  const second = renderWithProviders(<MessageRow message={spoken()} onSendVoice={jest.fn()} />);
  expect(screen.getByTestId('message-transcription-language').tagName).toBe('SPAN');
  second.unmount();

  renderWithProviders(
    <MessageRow message={spoken({ recordingId: null, transcriptionLanguage: 'ha' })} conversationId="c1" />,
  );
  expect(screen.getByTestId('message-transcription-language')).toHaveTextContent('Hausa');
  expect(screen.queryByRole('button', { name: /Heard in/ })).toBeNull();
});

test('being sent: "Voice message" and the recording from this device until the server says what it heard', async () => {
  const pending = message('local-user-1', 'user', '', { audioUrl: 'blob:test/9' });
  const { rerender } = renderWithProviders(
    <MessageRow message={pending} voice={{ transcription: null, localAudioUrl: 'blob:test/9' }} />,
    { language: 'fr' },
  );
  expect(await screen.findByTestId('message-voice-pending')).toHaveTextContent('Message vocal');
  expect(screen.getByTestId('message-voice-pending')).toHaveTextContent('Transcription en cours…');
  expect(screen.queryByTestId('message-transcription')).toBeNull();
  expect(within(screen.getByTestId('message-voice')).getByLabelText('Votre enregistrement')).toHaveAttribute(
    'src',
    'blob:test/9',
  );

  const heard = {
    recordingId: 'r1',
    transcription: 'Quand semer le maïs ?',
    language: 'fr',
    duration: 2,
    audioUrl: AUDIO,
    engine: 'pocketsphinx',
  };
  rerender(
    <MessageRow
      message={{ ...pending, content: heard.transcription, transcriptionLanguage: 'fr', recordingId: 'r1' }}
      voice={{ transcription: heard, localAudioUrl: 'blob:test/9' }}
    />,
  );
  expect(screen.queryByTestId('message-voice-pending')).toBeNull();
  expect(screen.getByTestId('message-transcription')).toHaveTextContent('Quand semer le maïs ?');
  expect(screen.getByTestId('message-transcription-language')).toHaveTextContent('Français');
});

test('a Quick AI Tools transcription (audio and text, no recording id) keeps its own player', () => {
  renderWithProviders(
    <MessageRow
      message={message('u1', 'user', 'Cocoa prices?', { audioUrl: AUDIO, transcription: 'Cocoa prices?' })}
      conversationId="c1"
    />,
  );
  expect(screen.getByTestId('message-audio')).toBeInTheDocument();
  expect(screen.queryByTestId('message-voice')).toBeNull();
  expect(screen.queryByTestId('message-transcription-language')).toBeNull();
});

test('a recording waiting for the network plays from this device; its object URL is let go with the row', async () => {
  const audio = new Blob(['OggS'], { type: 'audio/ogg' });
  const item: OutboxItem = {
    key: 'k1',
    userId: 'u',
    thread: 'c1',
    conversationId: 'c1',
    message: '',
    voice: { recording: { audio, mimeType: audio.type, durationMs: 900 }, language: 'auto' },
    createdAt: new Date(2026, 0, 1).toISOString(),
    seq: 1,
  };
  const { unmount } = renderWithProviders(<WaitingRow item={item} onCancel={jest.fn()} />);
  expect(within(await screen.findByTestId('message-voice')).getByLabelText('Your recording')).toHaveAttribute(
    'src',
    'blob:test/1',
  );
  expect(screen.getByTestId('waiting-message')).toHaveTextContent('Voice message');
  expect(screen.getByTestId('waiting-note')).toHaveTextContent('Waiting for network');
  unmount();
  expect(revoked).toEqual(['blob:test/1']);
});

test('Edit on a spoken message edits its text as a typed message', async () => {
  const onEdit = jest.fn(() => true);
  renderWithProviders(<MessageRow message={spoken()} conversationId="c1" onEdit={onEdit} />);
  const user = userEvent.setup();
  await screen.findByTestId('message-transcription');
  await user.click(screen.getByRole('button', { name: 'Edit message' }));
  const box = screen.getByRole('textbox');
  expect(box).toHaveValue('When should I plant maize?');
  await user.clear(box);
  await user.type(box, 'When should I plant beans?');
  await user.click(screen.getByRole('button', { name: 'Save & send' }));
  expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 'u1' }), 'When should I plant beans?');
});
