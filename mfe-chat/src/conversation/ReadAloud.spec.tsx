// Read aloud and media in messages, through the chat screen against the API stubbed at the network
// boundary (global fetch); jsdom cannot play audio, so HTMLMediaElement.play/pause are spied on.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUBSCRIPTION_STATUS_QUERY_KEY } from '@kasa/api-client';
import type { PlanId } from '@kasa/contracts';
import { subscriptionStatusOf } from '@kasa/ui/testing';
import App from '../App';
import {
  FakeApi,
  jsonResponse,
  message,
  renderWithProviders,
  type FakeResponse,
} from '../testing/chat-harness';

let api: FakeApi;
let speakBodies: unknown[];
let speakAnswer: () => FakeResponse | Error;
let fileAnswer: () => FakeResponse | Error;
let play: jest.SpyInstance;
let pause: jest.SpyInstance;

beforeEach(() => {
  localStorage.clear();
  api = new FakeApi();
  const chatFetch = api.install();
  speakBodies = [];
  speakAnswer = () =>
    jsonResponse(200, {
      audioUrl: '/api/files/s1.mp3?sig=abc',
      voice: 'alloy',
      format: 'mp3',
      text: '',
      engine: 'espeak-ng',
      duration: 1,
    });
  fileAnswer = () => jsonResponse(200, 'bytes');
  (globalThis as { fetch?: unknown }).fetch = jest.fn(
    async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      let answer: FakeResponse | Error | undefined;
      if (url === '/api/voice/speak') {
        speakBodies.push(JSON.parse(String(init.body)));
        answer = speakAnswer();
      } else if (url.startsWith('/api/files/')) {
        answer = fileAnswer();
      }
      if (answer === undefined) return chatFetch(input, init);
      if (answer instanceof Error) throw answer;
      return answer as unknown as Response;
    },
  );
  play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  pause = jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => {
  play.mockRestore();
  pause.mockRestore();
  delete (globalThis as { fetch?: unknown }).fetch;
});

function openConversation(language: 'en' | 'fr' = 'en') {
  api.addConversation('c1', 'Maize', [
    message('m1', 'user', 'When do I sow?'),
    message('m2', 'assistant', '**Sow** after the [first rains](https://x.org).'),
  ]);
  renderWithProviders(<App />, { path: '/chat?c=c1', language });
}

describe('read aloud', () => {
  test('only finished replies have it; it speaks the plain text, plays it, and a second press stops', async () => {
    openConversation();
    const reply = (await screen.findAllByTestId('chat-message'))[1];
    expect(
      within(screen.getAllByTestId('chat-message')[0]).queryByRole('button', { name: 'Read aloud' }),
    ).toBeNull();
    const user = userEvent.setup();
    await user.click(within(reply).getByRole('button', { name: 'Read aloud' }));
    const stop = await within(reply).findByRole('button', { name: 'Stop reading' });
    expect(speakBodies).toEqual([{ text: 'Sow after the first rains.', voice: 'alloy', format: 'mp3' }]);
    expect(play).toHaveBeenCalledTimes(1);
    expect((play.mock.contexts[0] as HTMLAudioElement).src).toContain('/api/files/s1.mp3?sig=abc');
    await user.click(stop);
    expect(pause).toHaveBeenCalled();
    expect(within(reply).getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
  });

  test("speech that cannot be made: 'Speech generation failed'; audio that cannot play: 'Playback failed'", async () => {
    speakAnswer = () => new TypeError('Failed to fetch');
    openConversation();
    const reply = (await screen.findAllByTestId('chat-message'))[1];
    const user = userEvent.setup();
    await user.click(within(reply).getByRole('button', { name: 'Read aloud' }));
    let shown = await screen.findByRole('alert');
    expect(shown).toHaveTextContent('Speech generation failed');
    expect(shown).toHaveTextContent('Failed to generate speech');
    expect(within(reply).getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();

    speakAnswer = () =>
      jsonResponse(200, {
        audioUrl: '/api/files/s1.mp3',
        voice: 'alloy',
        format: 'mp3',
        text: '',
        engine: 'x',
        duration: 1,
      });
    play.mockImplementation(() => Promise.reject(new DOMException('no', 'NotAllowedError')));
    await user.click(within(reply).getByRole('button', { name: 'Read aloud' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Playback failed'));
    shown = screen.getByRole('alert');
    expect(shown).toHaveTextContent('Could not play audio');
    expect(within(reply).getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
  });

  test('with the data saver on it asks for Opus where the browser plays it, else mp3', async () => {
    localStorage.setItem('kasa-data-saver', 'on');
    const canPlay = jest.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('probably');
    try {
      openConversation();
      const reply = (await screen.findAllByTestId('chat-message'))[1];
      const user = userEvent.setup();
      await user.click(within(reply).getByRole('button', { name: 'Read aloud' }));
      await user.click(await within(reply).findByRole('button', { name: 'Stop reading' }));
      expect(speakBodies).toEqual([{ text: 'Sow after the first rains.', voice: 'alloy', format: 'opus' }]);
      expect(canPlay).toHaveBeenCalledWith('audio/ogg; codecs=opus');
      canPlay.mockReturnValue('');
      await user.click(within(reply).getByRole('button', { name: 'Read aloud' }));
      await within(reply).findByRole('button', { name: 'Stop reading' });
      expect(speakBodies[1]).toMatchObject({ format: 'mp3' });
    } finally {
      canPlay.mockRestore();
    }
  });

  test('in French', async () => {
    openConversation('fr');
    const reply = (await screen.findAllByTestId('chat-message'))[1];
    await userEvent.setup().click(within(reply).getByRole('button', { name: 'Lire à voix haute' }));
    expect(await within(reply).findByRole('button', { name: 'Arrêter la lecture' })).toBeInTheDocument();
  });
});

describe('read aloud on Basic: the cost of a long reply first', () => {
  // 979 characters: the server's estimate is 98 + 2 s of pauses, 1 min 40 s.
  const LONG_REPLY = 'word '.repeat(196).trim();

  /** A conversation whose reply is `reply`, once the plan and the month's usage have loaded. */
  async function openReply(
    reply: string,
    plan: PlanId,
    voiceSecondsUsed: number,
    language: 'en' | 'fr' = 'en',
  ) {
    api.subscriptionStatus = subscriptionStatusOf(plan, { voiceMinutes: voiceSecondsUsed });
    api.addConversation('c1', 'Maize', [
      message('m1', 'user', 'When do I sow?'),
      message('m2', 'assistant', reply),
    ]);
    const { queryClient } = renderWithProviders(<App />, { path: '/chat?c=c1', language });
    await waitFor(() => expect(queryClient.getQueryData(SUBSCRIPTION_STATUS_QUERY_KEY)).toBeDefined());
    return (await screen.findAllByTestId('chat-message'))[1];
  }

  test('a long reply says what it costs; Cancel sends nothing, Read aloud reads it all', async () => {
    const reply = await openReply(LONG_REPLY, 'BASIC_PLAN', 120);
    const user = userEvent.setup();
    const readAloud = within(reply).getAllByRole('button', { name: 'Read aloud' })[0];
    await user.click(readAloud);
    const question = within(reply).getByRole('group', { name: 'Voice this reply costs' });
    expect(question).toHaveTextContent(
      'Reading this reply aloud uses about 1 min 40 s of your 10 min of voice this month (8 min left).',
    );
    expect(within(question).getByRole('button', { name: 'Read aloud' })).toHaveFocus();

    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(within(reply).queryByTestId('read-aloud-cost')).toBeNull();
    expect(speakBodies).toEqual([]);
    expect(play).not.toHaveBeenCalled();

    await user.click(readAloud);
    await user.click(
      within(within(reply).getByTestId('read-aloud-cost')).getByRole('button', { name: 'Read aloud' }),
    );
    await within(reply).findByRole('button', { name: 'Stop reading' });
    expect(speakBodies).toEqual([{ text: LONG_REPLY, voice: 'alloy', format: 'mp3' }]);
    expect(within(reply).queryByTestId('read-aloud-cost')).toBeNull();
  });

  test('Escape closes the question without reading', async () => {
    const reply = await openReply(LONG_REPLY, 'BASIC_PLAN', 0);
    const user = userEvent.setup();
    await user.click(within(reply).getByRole('button', { name: 'Read aloud' }));
    expect(within(reply).getByTestId('read-aloud-cost')).toHaveTextContent('(10 min left)');
    await user.keyboard('{Escape}');
    expect(within(reply).queryByTestId('read-aloud-cost')).toBeNull();
    expect(within(reply).getByRole('button', { name: 'Read aloud' })).toHaveFocus();
    expect(speakBodies).toEqual([]);
  });

  test('a short reply is read at once', async () => {
    // 'Sow after the first rains.': 3 + 2 s, well under 30 s and 10 % of 10 min.
    const reply = await openReply('**Sow** after the first rains.', 'BASIC_PLAN', 0);
    await userEvent.setup().click(within(reply).getByRole('button', { name: 'Read aloud' }));
    await within(reply).findByRole('button', { name: 'Stop reading' });
    expect(within(reply).queryByTestId('read-aloud-cost')).toBeNull();
    expect(speakBodies).toEqual([{ text: 'Sow after the first rains.', voice: 'alloy', format: 'mp3' }]);
  });

  test('on Pro a long reply is read at once', async () => {
    const reply = await openReply(LONG_REPLY, 'PRO_PLAN', 0);
    await userEvent.setup().click(within(reply).getByRole('button', { name: 'Read aloud' }));
    await within(reply).findByRole('button', { name: 'Stop reading' });
    expect(within(reply).queryByTestId('read-aloud-cost')).toBeNull();
    expect(speakBodies).toEqual([{ text: LONG_REPLY, voice: 'alloy', format: 'mp3' }]);
  });

  test('with less left than the reply needs, it offers the beginning that fits', async () => {
    // 30 s left: 28 s of text (280 characters, cut after the last whole word) and the pauses.
    const reply = await openReply(LONG_REPLY, 'BASIC_PLAN', 570);
    const user = userEvent.setup();
    await user.click(within(reply).getByRole('button', { name: 'Read aloud' }));
    const question = within(reply).getByTestId('read-aloud-cost');
    expect(question).toHaveTextContent(
      'Reading all of this reply aloud would use about 1 min 40 s, but only 30 s of your 10 min of voice is left this month.',
    );
    await user.click(within(question).getByRole('button', { name: 'Read the beginning (30 s)' }));
    await within(reply).findByRole('button', { name: 'Stop reading' });
    expect(speakBodies).toEqual([{ text: 'word '.repeat(56).trim(), voice: 'alloy', format: 'mp3' }]);
  });

  test('in French', async () => {
    const reply = await openReply(LONG_REPLY, 'BASIC_PLAN', 120, 'fr');
    const user = userEvent.setup();
    await user.click(within(reply).getByRole('button', { name: 'Lire à voix haute' }));
    const question = within(reply).getByRole('group', { name: 'Voix utilisée par cette réponse' });
    expect(question).toHaveTextContent(
      'Lire cette réponse à voix haute utilise environ 1 min 40 s de vos 10 min de voix ce mois-ci (il vous reste 8 min).',
    );
    await user.click(within(question).getByRole('button', { name: 'Annuler' }));
    expect(speakBodies).toEqual([]);
  });
});

describe('media in messages', () => {
  beforeEach(() => {
    api.addConversation('c2', 'Media', [
      message('m1', 'assistant', '', { mediaUrl: '/api/files/farm.png', mediaType: 'image' }),
      message('m2', 'user', '', { audioUrl: '/api/files/q.mp3', transcription: 'Cocoa prices?' }),
    ]);
  });

  test('Download fetches the file through the API client; a failure says so', async () => {
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const createObjectURL = jest.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    try {
      renderWithProviders(<App />, { path: '/chat?c=c2' });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Download image' }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('farm.png');
      fileAnswer = () => jsonResponse(404, { statusCode: 404, message: 'Not found' });
      await user.click(screen.getByRole('button', { name: 'Download audio' }));
      const shown = await screen.findByRole('alert');
      expect(shown).toHaveTextContent('Download failed');
      expect(shown).toHaveTextContent('Could not download file');
      expect(click).toHaveBeenCalledTimes(1);
    } finally {
      click.mockRestore();
    }
  });

  test("audio that cannot play: 'Playback failed' / 'Could not play audio', in French too", async () => {
    play.mockImplementation(() => Promise.reject(new DOMException('no', 'NotSupportedError')));
    renderWithProviders(<App />, { path: '/chat?c=c2', language: 'fr' });
    const audio = await screen.findByTestId('message-audio');
    expect(audio).toHaveTextContent('Cocoa prices?');
    await userEvent.setup().click(within(audio).getByRole('button', { name: 'Lire' }));
    const shown = await screen.findByRole('alert');
    expect(shown).toHaveTextContent('Échec de la lecture');
    expect(shown).toHaveTextContent("Impossible de lire l'audio");
  });
});
