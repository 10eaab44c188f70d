// The Quick AI Actions side panel against the chat API stubbed at the network boundary (global
// fetch), with the microphone replaced through its seam (recorder.start).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from '../App';
import {
  FakeApi,
  jsonResponse,
  message,
  renderWithProviders,
  setViewportWidth,
  type FakeResponse,
} from '../testing/chat-harness';
import { chatMediaOutbox } from '../offline/media-outbox';
import { recorder } from './recorder';

interface MediaCall {
  url: string;
  body: unknown;
}

let api: FakeApi;
let mediaCalls: MediaCall[];
/** The Idempotency-Key each media call carried, in order. */
let mediaKeys: Array<string | null>;
/** How the media endpoints answer; by default a success. */
let mediaAnswer: (url: string, body: unknown) => FakeResponse | Error;
const realStart = recorder.start;

const image = {
  type: 'image',
  url: '/api/files/f1?sig=abc',
  format: 'png',
  metadata: { model: 'offline-illustration', size: '1024x1024' },
};
const speech = {
  audioUrl: '/api/files/s1.mp3?sig=abc',
  voice: 'alloy',
  format: 'mp3',
  text: 'Hello',
  engine: 'espeak-ng',
  duration: 1.2,
};
const transcription = {
  transcription: 'When do I sell my cocoa?',
  language: 'en',
  duration: 2.4,
  audioUrl: '/api/files/r1.wav?sig=abc',
  engine: 'pocketsphinx',
};

/** What the server does with a result from a new chat: the conversation it names starts with it. */
function startsConversation(url: string, body: unknown) {
  const field = (name: string) =>
    body instanceof FormData ? body.get(name) : (body as Record<string, unknown> | undefined)?.[name];
  const id = field('newConversationId');
  if (typeof id !== 'string' || api.conversations.some((c) => c.id === id)) return;
  const text = String(field('prompt') ?? field('text') ?? transcription.transcription);
  const result =
    url === '/api/media/generate'
      ? message(`${id}-r`, 'assistant', 'Generated image.', { mediaUrl: image.url, mediaType: 'image' })
      : message(`${id}-r`, 'assistant', 'Spoken audio.', { audioUrl: speech.audioUrl });
  api.addConversation(id, text, [message(`${id}-q`, 'user', text), result]);
}

function defaultAnswer(url: string): FakeResponse {
  if (url === '/api/media/generate') return jsonResponse(200, image);
  if (url === '/api/voice/speak') return jsonResponse(200, speech);
  return jsonResponse(200, transcription);
}

beforeEach(() => {
  localStorage.clear();
  setViewportWidth(1280);
  api = new FakeApi();
  const chatFetch = api.install();
  mediaCalls = [];
  mediaKeys = [];
  mediaAnswer = defaultAnswer;
  (globalThis as { fetch?: unknown }).fetch = jest.fn(
    async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      // The composer's microphone asks what the voice engines can do: not a media request.
      if (!/^\/api\/(media|voice)\//.test(url) || url === '/api/voice/capabilities')
        return chatFetch(input, init);
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      mediaCalls.push({ url, body });
      mediaKeys.push(new Headers(init.headers).get('Idempotency-Key'));
      const answer = mediaAnswer(url, body);
      if (answer instanceof Error) throw answer;
      if (answer.ok) startsConversation(url, body);
      return answer as unknown as Response;
    },
  );
});
afterEach(async () => {
  recorder.start = realStart;
  delete (globalThis as { fetch?: unknown }).fetch;
  await chatMediaOutbox().clear();
});

const panel = () => screen.getByTestId('quick-actions-panel');

async function openPanel(options: Parameters<typeof renderWithProviders>[1] = {}) {
  const view = renderWithProviders(<App />, options);
  const user = userEvent.setup({ applyAccept: false });
  await user.click(
    screen.getByRole('button', { name: options.language === 'fr' ? 'Outils IA rapides' : 'Quick AI Tools' }),
  );
  await screen.findByTestId('quick-actions-panel');
  return { ...view, user };
}

async function openAction(name: string, options: Parameters<typeof renderWithProviders>[1] = {}) {
  const opened = await openPanel(options);
  await opened.user.click(within(panel()).getByRole('button', { name }));
  return opened;
}

const toast = async () => screen.findByTestId('toast');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('Quick AI Tools opens the panel, narrow beside the chat on a desktop, with the four actions; Close shuts it', async () => {
  const { user } = await openPanel();
  expect(panel()).toHaveAttribute('data-layout', 'narrow');
  expect(within(panel()).getByRole('heading', { name: 'Quick AI Actions' })).toHaveFocus();
  expect(
    within(panel())
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Generate Image', 'Text to Speech', 'Voice Record', 'Upload Audio']);
  await user.click(within(panel()).getByRole('button', { name: 'Close Quick AI Actions' }));
  expect(screen.queryByTestId('quick-actions-panel')).toBeNull();
});

test('on a 360 px phone the drawer closes and the panel takes the whole screen', async () => {
  setViewportWidth(360);
  renderWithProviders(<App />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Open sidebar' }));
  expect(screen.getByTestId('chat-sidebar')).toHaveAttribute('data-open', 'true');
  await user.click(screen.getByRole('button', { name: 'Quick AI Tools' }));
  expect(await screen.findByTestId('quick-actions-panel')).toHaveAttribute('data-layout', 'full');
  expect(screen.getByTestId('chat-sidebar')).toHaveAttribute('data-open', 'false');
});

describe('Generate Image', () => {
  test('disabled while blank; the image joins the open conversation, which is read again', async () => {
    api.addConversation('c1', 'Farm', [message('m1', 'user', 'Hello')]);
    const { user } = await openAction('Generate Image', { path: '/chat?c=c1' });
    const generate = within(panel()).getByRole('button', { name: 'Generate' });
    expect(generate).toBeDisabled();
    await user.type(within(panel()).getByRole('textbox', { name: 'Describe the image' }), '   ');
    expect(generate).toBeDisabled();
    // The server adds the request and the image to the conversation.
    api.messages.set('c1', [
      message('m1', 'user', 'Hello'),
      message('m2', 'user', 'A red tractor'),
      message('m3', 'assistant', '', { mediaUrl: image.url, mediaType: 'image' }),
    ]);
    const readsBefore = api.callsTo('GET', '/api/chat/conversations/c1').length;
    await user.type(within(panel()).getByRole('textbox', { name: 'Describe the image' }), 'A red tractor');
    await user.click(generate);
    expect(await toast()).toHaveTextContent('Image generated!');
    expect(mediaCalls).toEqual([
      {
        url: '/api/media/generate',
        body: { prompt: 'A red tractor', type: 'image', size: '1024x1024', conversationId: 'c1' },
      },
    ]);
    expect(within(panel()).getByRole('img', { name: 'Image from Kasa' })).toHaveAttribute('src', image.url);
    expect(within(panel()).getByRole('button', { name: 'Download image' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/chat/conversations/c1').length).toBeGreaterThan(readsBefore),
    );
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(3));
  });

  test('from a new chat the image starts a conversation: the chat shows it and Recent lists it', async () => {
    const { user } = await openAction('Generate Image');
    await user.type(within(panel()).getByRole('textbox', { name: 'Describe the image' }), 'Maize');
    await user.click(within(panel()).getByRole('button', { name: 'Generate' }));
    await toast();
    expect(mediaCalls[0].body).toEqual({
      prompt: 'Maize',
      type: 'image',
      size: '1024x1024',
      newConversationId: expect.stringMatching(UUID),
    });
    const started = (mediaCalls[0].body as { newConversationId: string }).newConversationId;
    // Shown like a first message's conversation: the URL names it, and it is in Recent.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/chat?c=${started}`));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(2));
    expect(within(screen.getByTestId('recent-list')).getByText('Maize')).toBeInTheDocument();
    // The panel stays with its result; the next image joins the conversation now open.
    expect(within(panel()).getByRole('img', { name: 'Image from Kasa' })).toBeInTheDocument();
    await user.clear(within(panel()).getByRole('textbox', { name: 'Describe the image' }));
    await user.type(within(panel()).getByRole('textbox', { name: 'Describe the image' }), 'Cassava');
    await user.click(within(panel()).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(mediaCalls).toHaveLength(2));
    expect(mediaCalls[1].body).toMatchObject({ prompt: 'Cassava', conversationId: started });
    expect(mediaCalls[1].body).not.toHaveProperty('newConversationId');
  });

  test("a failure says 'Generation failed' with the server's words, else 'Failed to generate image'", async () => {
    mediaAnswer = () => jsonResponse(400, { statusCode: 400, message: 'The prompt is too long.' });
    const { user } = await openAction('Generate Image');
    await user.type(within(panel()).getByRole('textbox', { name: 'Describe the image' }), 'Maize');
    await user.click(within(panel()).getByRole('button', { name: 'Generate' }));
    let shown = await screen.findByRole('alert');
    expect(shown).toHaveTextContent('Generation failed');
    expect(shown).toHaveTextContent('The prompt is too long.');
    mediaAnswer = () => new Error('Unreadable answer');
    await user.click(within(panel()).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to generate image'));
    shown = screen.getByRole('alert');
    expect(shown).toHaveTextContent('Generation failed');
    expect(within(panel()).queryByRole('img')).toBeNull();
  });

  test('a prompt the offline illustrations cannot draw shows what they can draw under the prompt', async () => {
    mediaAnswer = () =>
      jsonResponse(422, {
        statusCode: 422,
        code: 'IMAGE_PROMPT_NOT_ILLUSTRATABLE',
        message:
          "Kasa's offline illustrations cannot draw this yet. Try naming a crop, an animal, a tool or the weather.",
      });
    const { user } = await openAction('Generate Image');
    await user.type(within(panel()).getByRole('textbox', { name: 'Describe the image' }), 'cocoa pods');
    await user.click(within(panel()).getByRole('button', { name: 'Generate' }));
    const hint = await within(panel()).findByTestId('illustration-hint');
    expect(hint).toHaveTextContent('Try naming a crop, an animal, a tool or the weather.');
    expect(hint).toHaveTextContent('"a farmer with a tractor"');
    expect(await screen.findByRole('alert')).toHaveTextContent('Generation failed');

    mediaAnswer = defaultAnswer;
    await user.click(within(panel()).getByRole('button', { name: 'Generate' }));
    await within(panel()).findByRole('img');
    expect(within(panel()).queryByTestId('illustration-hint')).toBeNull();
  });

  test('going back resets the prompt and the result', async () => {
    const { user } = await openAction('Generate Image');
    await user.type(within(panel()).getByRole('textbox', { name: 'Describe the image' }), 'Maize');
    await user.click(within(panel()).getByRole('button', { name: 'Generate' }));
    await within(panel()).findByRole('img');
    await user.click(within(panel()).getByRole('button', { name: 'Back to the actions' }));
    expect(within(panel()).getByRole('heading', { name: 'Quick AI Actions' })).toHaveFocus();
    await user.click(within(panel()).getByRole('button', { name: 'Generate Image' }));
    expect(within(panel()).getByRole('textbox', { name: 'Describe the image' })).toHaveValue('');
    expect(within(panel()).queryByRole('img')).toBeNull();
  });
});

describe('Text to Speech', () => {
  test('speaks with alloy as mp3; the result plays and downloads', async () => {
    const { user } = await openAction('Text to Speech');
    const generate = within(panel()).getByRole('button', { name: 'Generate' });
    expect(generate).toBeDisabled();
    await user.type(within(panel()).getByRole('textbox', { name: 'Text to read aloud' }), 'Hello');
    await user.click(generate);
    expect(await toast()).toHaveTextContent('Speech generated!');
    // From a new chat: the text and the speech start a conversation, which the chat then shows.
    expect(mediaCalls).toEqual([
      {
        url: '/api/voice/speak',
        body: {
          text: 'Hello',
          voice: 'alloy',
          format: 'mp3',
          newConversationId: expect.stringMatching(UUID),
        },
      },
    ]);
    const started = (mediaCalls[0].body as { newConversationId: string }).newConversationId;
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/chat?c=${started}`));
    const result = within(panel()).getByTestId('message-audio');
    expect(result.querySelector('audio')).toHaveAttribute('src', speech.audioUrl);
    expect(within(result).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(within(result).getByRole('button', { name: 'Download audio' })).toBeInTheDocument();
  });

  test("a failure: 'Speech generation failed' / 'Failed to generate speech'; back resets the text", async () => {
    mediaAnswer = () => new TypeError('Failed to fetch');
    const { user } = await openAction('Text to Speech');
    await user.type(within(panel()).getByRole('textbox', { name: 'Text to read aloud' }), 'Hello');
    await user.click(within(panel()).getByRole('button', { name: 'Generate' }));
    const shown = await screen.findByRole('alert');
    expect(shown).toHaveTextContent('Speech generation failed');
    expect(shown).toHaveTextContent('Failed to generate speech');
    expect(within(panel()).queryByTestId('message-audio')).toBeNull();
    await user.click(within(panel()).getByRole('button', { name: 'Back to the actions' }));
    await user.click(within(panel()).getByRole('button', { name: 'Text to Speech' }));
    expect(within(panel()).getByRole('textbox', { name: 'Text to read aloud' })).toHaveValue('');
  });
});

describe('Voice Record', () => {
  test('Stop sends the WAV as multipart audio with the conversation; the transcription and its language show', async () => {
    api.addConversation('c1', 'Farm', []);
    const wav = new Blob([new Uint8Array([82, 73, 70, 70])], { type: 'audio/wav' });
    const cancel = jest.fn();
    recorder.start = jest.fn(async () => ({ stop: async () => wav, cancel }));
    const { user } = await openAction('Voice Record', { path: '/chat?c=c1' });
    await user.click(within(panel()).getByRole('button', { name: 'Start Recording' }));
    expect(await within(panel()).findByRole('status')).toHaveTextContent('Recording…');
    await user.click(within(panel()).getByRole('button', { name: 'Stop Recording' }));
    const shown = await toast();
    expect(shown).toHaveTextContent('Audio transcribed!');
    expect(shown).toHaveTextContent('Language: en');
    expect(mediaCalls).toHaveLength(1);
    expect(mediaCalls[0].url).toBe('/api/voice/transcribe');
    const form = mediaCalls[0].body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('conversationId')).toBe('c1');
    const sent = form.get('audio') as File;
    expect(sent.name).toBe('recording.wav');
    expect(sent.size).toBe(4);
    const result = within(panel()).getByTestId('transcription-result');
    expect(result).toHaveTextContent('Language: en');
    expect(result).toHaveTextContent('When do I sell my cocoa?');
    expect(within(result).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(within(result).getByRole('button', { name: 'Download audio' })).toBeInTheDocument();
    expect(cancel).not.toHaveBeenCalled();
  });

  test("a refused microphone: 'Recording failed' / 'Could not access microphone', nothing sent", async () => {
    recorder.start = jest.fn(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    const { user } = await openAction('Voice Record');
    await user.click(within(panel()).getByRole('button', { name: 'Start Recording' }));
    const shown = await screen.findByRole('alert');
    expect(shown).toHaveTextContent('Recording failed');
    expect(shown).toHaveTextContent('Could not access microphone');
    expect(within(panel()).getByRole('button', { name: 'Start Recording' })).toBeEnabled();
    expect(mediaCalls).toHaveLength(0);
  });

  test("a failed transcription: 'Transcription failed' / 'Failed to transcribe audio'", async () => {
    mediaAnswer = () => new Error('Unreadable answer');
    recorder.start = jest.fn(async () => ({ stop: async () => new Blob(['x']), cancel: jest.fn() }));
    const { user } = await openAction('Voice Record');
    await user.click(within(panel()).getByRole('button', { name: 'Start Recording' }));
    await user.click(await within(panel()).findByRole('button', { name: 'Stop Recording' }));
    const shown = await screen.findByRole('alert');
    expect(shown).toHaveTextContent('Transcription failed');
    expect(shown).toHaveTextContent('Failed to transcribe audio');
    expect(within(panel()).queryByTestId('transcription-result')).toBeNull();
  });

  test('going back mid-recording drops the recording and frees the microphone', async () => {
    const cancel = jest.fn();
    recorder.start = jest.fn(async () => ({ stop: async () => new Blob(['x']), cancel }));
    const { user } = await openAction('Voice Record');
    await user.click(within(panel()).getByRole('button', { name: 'Start Recording' }));
    await within(panel()).findByRole('button', { name: 'Stop Recording' });
    await user.click(within(panel()).getByRole('button', { name: 'Back to the actions' }));
    expect(cancel).toHaveBeenCalledTimes(1);
    await user.click(within(panel()).getByRole('button', { name: 'Voice Record' }));
    expect(within(panel()).getByRole('button', { name: 'Start Recording' })).toBeInTheDocument();
    expect(mediaCalls).toHaveLength(0);
  });
});

describe('Upload Audio', () => {
  test("a file that is not audio: 'Invalid file' / 'Please select an audio file.', nothing sent", async () => {
    const { user } = await openAction('Upload Audio');
    await user.upload(
      within(panel()).getByLabelText('Choose an audio file'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    const shown = await screen.findByRole('alert');
    expect(shown).toHaveTextContent('Invalid file');
    expect(shown).toHaveTextContent('Please select an audio file.');
    expect(mediaCalls).toHaveLength(0);
  });

  test('an audio file is sent for transcription under its own name; back clears the result', async () => {
    const { user } = await openAction('Upload Audio');
    await user.upload(
      within(panel()).getByLabelText('Choose an audio file'),
      new File(['ID3'], 'question.mp3', { type: 'audio/mpeg' }),
    );
    expect(await toast()).toHaveTextContent('Audio transcribed!');
    const form = mediaCalls[0].body as FormData;
    expect((form.get('audio') as File).name).toBe('question.mp3');
    expect(form.has('conversationId')).toBe(false);
    expect(within(panel()).getByTestId('transcription-result')).toHaveTextContent('When do I sell my cocoa?');
    await user.click(within(panel()).getByRole('button', { name: 'Back to the actions' }));
    await user.click(within(panel()).getByRole('button', { name: 'Upload Audio' }));
    expect(within(panel()).queryByTestId('transcription-result')).toBeNull();
  });
});

test('an over-quota 429 is left to the app-wide usage-limit toast: the action adds none', async () => {
  mediaAnswer = () =>
    jsonResponse(429, {
      error: 'Usage limit exceeded',
      feature: 'mediaGenerationsPerMonth',
      current: 5,
      limit: 5,
      upgradeRequired: true,
    });
  const { user } = await openAction('Generate Image');
  await user.type(within(panel()).getByRole('textbox', { name: 'Describe the image' }), 'Maize');
  await user.click(within(panel()).getByRole('button', { name: 'Generate' }));
  await waitFor(() => expect(mediaCalls).toHaveLength(1));
  await waitFor(() => expect(within(panel()).getByRole('button', { name: 'Generate' })).toBeEnabled());
  expect(screen.queryByTestId('toast')).toBeNull();
});

test('in French', async () => {
  const { user } = await openPanel({ language: 'fr' });
  expect(within(panel()).getByRole('heading', { name: 'Actions IA rapides' })).toBeInTheDocument();
  await user.click(within(panel()).getByRole('button', { name: 'Générer une image' }));
  await user.type(within(panel()).getByRole('textbox', { name: "Décrivez l'image" }), 'Maïs');
  await user.click(within(panel()).getByRole('button', { name: 'Générer' }));
  expect(await toast()).toHaveTextContent('Image générée !');
  await user.click(within(panel()).getByRole('button', { name: 'Retour aux actions' }));
  await user.click(within(panel()).getByRole('button', { name: 'Importer un audio' }));
  await user.upload(
    within(panel()).getByLabelText('Choisir un fichier audio'),
    new File(['x'], 'a.pdf', { type: 'application/pdf' }),
  );
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Fichier invalide'));
  expect(screen.getByRole('alert')).toHaveTextContent('Veuillez choisir un fichier audio.');
  expect(within(panel()).getByRole('button', { name: 'Fermer les actions IA rapides' })).toBeInTheDocument();
});

describe('offline: images and transcriptions wait in the media outbox', () => {
  let onLine: jest.SpyInstance;
  beforeEach(() => {
    onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  });
  afterEach(() => onLine.mockRestore());

  const goOnline = () => {
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
  };
  const waiting = () => within(panel()).queryAllByTestId('waiting-request');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  test('an image asked offline waits, can be cancelled, and is sent once online with its key; it then shows', async () => {
    api.addConversation('c1', 'Farm', [message('m1', 'user', 'Hello')]);
    const { user } = await openAction('Generate Image', { path: '/chat?c=c1' });
    const prompt = within(panel()).getByRole('textbox', { name: 'Describe the image' });
    await user.type(prompt, 'A red tractor');
    await user.click(within(panel()).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(waiting()).toHaveLength(1));
    expect(waiting()[0]).toHaveTextContent('A red tractor');
    expect(waiting()[0]).toHaveTextContent('Waiting for network — it will be sent when you are back online.');
    expect(prompt).toHaveValue('');
    await user.type(prompt, 'Never mind');
    await user.click(within(panel()).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(waiting()).toHaveLength(2));
    await user.click(within(waiting()[1]).getByRole('button', { name: 'Cancel this waiting request' }));
    expect(waiting()).toHaveLength(1);
    expect(mediaCalls).toHaveLength(0);

    const readsBefore = api.callsTo('GET', '/api/chat/conversations/c1').length;
    goOnline();
    expect(await toast()).toHaveTextContent('Image generated!');
    expect(mediaCalls).toEqual([
      {
        url: '/api/media/generate',
        body: { prompt: 'A red tractor', type: 'image', size: '1024x1024', conversationId: 'c1' },
      },
    ]);
    expect(mediaKeys[0]).toMatch(uuid);
    expect(waiting()).toHaveLength(0);
    expect(await within(panel()).findByRole('img', { name: 'Image from Kasa' })).toHaveAttribute(
      'src',
      image.url,
    );
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/chat/conversations/c1').length).toBeGreaterThan(readsBefore),
    );
    expect(chatMediaOutbox().list()).toEqual([]);
  });

  test('two images asked offline in a new chat start one conversation once online, which the chat shows', async () => {
    const { user } = await openAction('Generate Image');
    const prompt = within(panel()).getByRole('textbox', { name: 'Describe the image' });
    for (const text of ['A goat', 'A hen']) {
      await user.type(prompt, text);
      await user.click(within(panel()).getByRole('button', { name: 'Generate' }));
    }
    await waitFor(() => expect(waiting()).toHaveLength(2));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/chat$/);

    goOnline();
    await waitFor(() => expect(mediaCalls).toHaveLength(2));
    const ids = mediaCalls.map((call) => (call.body as { newConversationId?: string }).newConversationId);
    expect(ids[0]).toMatch(uuid);
    expect(ids[1]).toBe(ids[0]);
    expect(mediaKeys[1]).not.toBe(mediaKeys[0]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/chat?c=${ids[0]}`));
    await waitFor(() =>
      expect(within(screen.getByTestId('recent-list')).getByText('A goat')).toBeInTheDocument(),
    );
  });

  test('a request whose answer is lost waits and is sent again with the same key', async () => {
    onLine.mockReturnValue(true);
    let tries = 0;
    mediaAnswer = (url) => (++tries === 1 ? new TypeError('Failed to fetch') : defaultAnswer(url));
    const { user } = await openAction('Generate Image');
    await user.type(within(panel()).getByRole('textbox', { name: 'Describe the image' }), 'Maize');
    await user.click(within(panel()).getByRole('button', { name: 'Generate' }));
    expect(await toast()).toHaveTextContent('Image generated!');
    expect(mediaCalls).toHaveLength(2);
    expect(mediaKeys[0]).toMatch(uuid);
    expect(mediaKeys[1]).toBe(mediaKeys[0]);
    expect(screen.queryByText('Generation failed')).toBeNull();
    expect(within(panel()).getByRole('img', { name: 'Image from Kasa' })).toBeInTheDocument();
  });

  test('a recording made offline waits and is transcribed once online', async () => {
    const wav = new Blob([new Uint8Array([82, 73, 70, 70])], { type: 'audio/wav' });
    recorder.start = jest.fn(async () => ({ stop: async () => wav, cancel: jest.fn() }));
    const { user } = await openAction('Voice Record');
    await user.click(within(panel()).getByRole('button', { name: 'Start Recording' }));
    await user.click(await within(panel()).findByRole('button', { name: 'Stop Recording' }));
    await waitFor(() => expect(waiting()).toHaveLength(1));
    expect(waiting()[0]).toHaveTextContent('recording.wav');
    expect(mediaCalls).toHaveLength(0);

    goOnline();
    const shown = await toast();
    expect(shown).toHaveTextContent('Audio transcribed!');
    expect(shown).toHaveTextContent('Language: en');
    expect(mediaCalls).toHaveLength(1);
    expect(((mediaCalls[0].body as FormData).get('audio') as File).size).toBe(4);
    expect(mediaKeys[0]).toMatch(uuid);
    expect(within(panel()).getByTestId('transcription-result')).toHaveTextContent('When do I sell my cocoa?');
    expect(waiting()).toHaveLength(0);
  });

  test('a waiting request the server refuses is dropped with the failure toast', async () => {
    const { user } = await openAction('Upload Audio');
    await user.upload(
      within(panel()).getByLabelText('Choose an audio file'),
      new File(['ID3'], 'question.mp3', { type: 'audio/mpeg' }),
    );
    await waitFor(() => expect(waiting()).toHaveLength(1));
    mediaAnswer = () => jsonResponse(400, { statusCode: 400, message: 'This audio cannot be read.' });
    goOnline();
    const shown = await screen.findByRole('alert');
    expect(shown).toHaveTextContent('Transcription failed');
    expect(shown).toHaveTextContent('This audio cannot be read.');
    await waitFor(() => expect(waiting()).toHaveLength(0));
    expect(mediaCalls).toHaveLength(1);
  });

  test('Text to Speech stays disabled offline and says why; the other three stay usable', async () => {
    await openPanel();
    const speech = within(panel()).getByRole('button', { name: 'Text to Speech' });
    expect(speech).toBeDisabled();
    expect(speech).toHaveAccessibleDescription('Needs a connection');
    for (const name of ['Generate Image', 'Voice Record', 'Upload Audio'])
      expect(within(panel()).getByRole('button', { name })).toBeEnabled();
  });
});
