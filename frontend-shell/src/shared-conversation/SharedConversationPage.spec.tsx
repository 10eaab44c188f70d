import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '@kasa/api-client';
import type { SharedConversation } from '@kasa/contracts';
import { LocationProbe, TEST_USER, fail, ok, stubApi, unstubApi, type Route } from '@kasa/ui/testing';
import { ShellApp } from '../ShellApp';
import type { RemoteLoadFn } from '../remote-loader';
import { RUNTIME_CONFIG } from '../testing/runtime-config';

const SHARE_ID = 'Zm9vYmFyYmF6cXV4MTIzNA';
const GET_SHARE = `GET /api/shares/${SHARE_ID}`;
const GET_USER = 'GET /api/auth/user';

const conversation = (overrides: Partial<SharedConversation> = {}): SharedConversation => ({
  id: SHARE_ID,
  title: 'Maize leaves turning yellow',
  author: null,
  createdAt: '2026-11-24T09:30:00.000Z',
  messages: [
    {
      role: 'user',
      content: 'My maize leaves are **yellow**. Why?',
      status: 'complete',
      modelName: null,
      createdAt: '2026-11-24T09:00:00.000Z',
      imageUrl: `/api/shares/${SHARE_ID}/media/0`,
      audioUrl: null,
      transcription: null,
      attachmentNames: ['soil-test.pdf'],
    },
    {
      role: 'assistant',
      content: 'Most often **nitrogen** is short.\n\n- Add compost\n- Top-dress with urea',
      status: 'complete',
      modelName: 'Kasa Fast',
      createdAt: '2026-11-24T09:00:05.000Z',
      imageUrl: null,
      audioUrl: null,
      transcription: null,
      attachmentNames: [],
    },
    {
      role: 'user',
      content: '',
      status: 'complete',
      modelName: null,
      createdAt: '2026-11-24T09:01:00.000Z',
      imageUrl: null,
      audioUrl: `/api/shares/${SHARE_ID}/media/1`,
      transcription: 'How much urea per hectare?',
      attachmentNames: [],
    },
    {
      role: 'assistant',
      content: 'About 50 kg',
      status: 'stopped',
      modelName: null,
      createdAt: '2026-11-24T09:01:05.000Z',
      imageUrl: null,
      audioUrl: null,
      transcription: null,
      attachmentNames: [],
    },
  ],
  ...overrides,
});

function renderShell(path: string) {
  const loader = jest.fn<ReturnType<RemoteLoadFn>, Parameters<RemoteLoadFn>>(() =>
    Promise.reject(new Error('a shared page loads no remote')),
  );
  render(
    <MemoryRouter initialEntries={[path]}>
      <ShellApp
        loadConfig={() => Promise.resolve(RUNTIME_CONFIG)}
        createRemoteLoader={() => loader}
        queryClient={createQueryClient()}
      />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { loader };
}

function signIn() {
  localStorage.setItem('auth_token', 'token-1');
}

const robotsMeta = () => document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');

beforeEach(() => {
  localStorage.clear();
  document.title = 'Kasa';
});
afterEach(() => {
  unstubApi();
  jest.restoreAllMocks();
});

describe('a shared conversation', () => {
  test('signed out: the title, label, date and every message, read-only, without the author', async () => {
    const api = stubApi({ [GET_SHARE]: ok(conversation()) });
    const { loader } = renderShell(`/s/${SHARE_ID}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maize leaves turning yellow' }),
    ).toBeVisible();
    expect(screen.getByTestId('shared-label')).toHaveTextContent('Shared conversation');
    expect(screen.getByTestId('shared-meta')).toHaveTextContent(/^Shared on 24 November 2026$/);

    const items = within(screen.getByTestId('shared-messages')).getAllByTestId('shared-message');
    expect(items.map((item) => item.dataset.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    // The question as typed (no markdown), the reply through the markdown renderer.
    expect(items[0]).toHaveTextContent('My maize leaves are **yellow**. Why?');
    expect(within(items[0]).getByRole('heading', { level: 2 })).toHaveTextContent(/^User$/);
    expect(await within(items[1]).findByText('nitrogen')).toHaveProperty('tagName', 'STRONG');
    expect(
      within(items[1])
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Add compost', 'Top-dress with urea']);
    expect(within(items[1]).getByTestId('shared-message-model')).toHaveTextContent('· Kasa Fast');
    // Media through the share's own links; files by name only.
    expect(within(items[0]).getByRole('img', { name: 'Image sent with the message' })).toHaveAttribute(
      'src',
      `/api/shares/${SHARE_ID}/media/0`,
    );
    expect(within(items[0]).getByTestId('shared-attachment')).toHaveTextContent('soil-test.pdf');
    const audio = items[2].querySelector('audio');
    expect(audio).toHaveAttribute('src', `/api/shares/${SHARE_ID}/media/1`);
    expect(audio).toHaveAttribute('controls');
    expect(items[2]).toHaveTextContent('How much urea per hectare?');
    expect(items[3]).toHaveTextContent('This reply was stopped before the end.');

    // Read-only: no composer, no message actions; only Copy link and the way in.
    expect(screen.queryByRole('textbox')).toBeNull();
    const main = screen.getByRole('main');
    expect(
      within(main)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Copy link']);
    expect(screen.getByTestId('shared-try-app')).toHaveTextContent('Try Kasa');
    expect(screen.getByTestId('shared-try-app')).toHaveAttribute('href', '/');

    expect(robotsMeta()).toHaveAttribute('content', 'noindex');
    expect(document.title).toBe('Maize leaves turning yellow');
    expect(loader).not.toHaveBeenCalled();
    // Public: asked once, with no token, and nothing about a session.
    expect(api.calls).toEqual([{ call: GET_SHARE, body: undefined }]);
  });

  test('shows the author only when the owner chose to show it', async () => {
    stubApi({ [GET_SHARE]: ok(conversation({ author: 'amina' })) });
    renderShell(`/s/${SHARE_ID}`);
    expect(await screen.findByTestId('shared-meta')).toHaveTextContent(
      /^Shared by amina on 24 November 2026$/,
    );
    const [question] = screen.getAllByTestId('shared-message');
    expect(within(question).getByRole('heading', { level: 2 })).toHaveTextContent(/^amina$/);
  });

  test('without an author, no name appears anywhere on the page', async () => {
    stubApi({ [GET_SHARE]: ok(conversation()) });
    renderShell(`/s/${SHARE_ID}`);
    await screen.findByTestId('shared-messages');
    expect(screen.getByTestId('shared-conversation-page')).not.toHaveTextContent(/amina|Shared by/);
  });

  test('signed in: the same page, never the chat remote; the way back leads to the chat', async () => {
    signIn();
    const api = stubApi({
      [GET_USER]: ok({ user: TEST_USER }),
      [GET_SHARE]: ok(conversation()),
    });
    const { loader } = renderShell(`/s/${SHARE_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maize leaves turning yellow' }),
    ).toBeVisible();
    expect(screen.getAllByTestId('shared-message')).toHaveLength(4);
    expect(screen.getByTestId('shared-try-app')).toHaveTextContent('Open Kasa');
    expect(screen.getByTestId('shared-try-app')).toHaveAttribute('href', '/chat');
    expect(screen.getByTestId('logout-button')).toBeInTheDocument();
    expect(loader).not.toHaveBeenCalled();
    expect(api.count(GET_SHARE)).toBe(1);
    expect(screen.getByTestId('location')).toHaveTextContent(`/s/${SHARE_ID}`);
  });

  test('in French: the frame, the date and the notes are French', async () => {
    localStorage.setItem('kasa-language', 'fr');
    stubApi({ [GET_SHARE]: ok(conversation({ author: 'amina' })) });
    renderShell(`/s/${SHARE_ID}`);
    expect(await screen.findByTestId('shared-label')).toHaveTextContent('Conversation partagée');
    expect(screen.getByTestId('shared-meta')).toHaveTextContent('Partagée par amina le 24 novembre 2026');
    expect(screen.getByRole('button', { name: 'Copier le lien' })).toBeInTheDocument();
    expect(screen.getByTestId('shared-try-app')).toHaveTextContent('Essayer Kasa');
    expect(screen.getAllByTestId('shared-message')[3]).toHaveTextContent(
      'Cette réponse a été arrêtée avant la fin.',
    );
  });

  test('never renders HTML from the conversation, and media only from safe addresses', async () => {
    const hostile = conversation({
      title: '<b>bold title</b>',
      messages: [
        {
          ...conversation().messages[0],
          content: '<img src=x onerror="alert(1)"><script>alert(1)</script>',
          imageUrl: 'javascript:alert(1)',
          attachmentNames: ['<i>x</i>.pdf'],
        },
        {
          ...conversation().messages[1],
          content: 'Fine <script>alert(2)</script> <img src=y onerror="alert(2)"> [a](javascript:alert(3))',
          modelName: '<u>model</u>',
        },
      ],
    });
    stubApi({ [GET_SHARE]: ok(hostile) });
    renderShell(`/s/${SHARE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: '<b>bold title</b>' })).toBeVisible();
    const page = screen.getByTestId('shared-conversation-page');
    await waitFor(() => expect(screen.getAllByTestId('shared-message')[1]).toHaveTextContent('Fine'));
    expect(page.querySelector('script, b, i, u, iframe')).toBeNull();
    expect(page.querySelectorAll('img')).toHaveLength(0);
    expect(page.querySelector('[onerror]')).toBeNull();
    expect(page.querySelector('a[href^="javascript:"]')).toBeNull();
    expect(screen.getAllByTestId('shared-message')[0]).toHaveTextContent(
      '<img src=x onerror="alert(1)"><script>alert(1)</script>',
    );
    expect(screen.getByTestId('shared-attachment')).toHaveTextContent('<i>x</i>.pdf');
  });

  test('Copy link puts the absolute address on the clipboard and says so', async () => {
    stubApi({ [GET_SHARE]: ok(conversation()) });
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      renderShell(`/s/${SHARE_ID}`);
      await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/s/${SHARE_ID}`);
      expect(await screen.findByTestId('toast')).toHaveTextContent('Link copied');
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  test('without a clipboard, the toast shows the address to copy by hand', async () => {
    stubApi({ [GET_SHARE]: ok(conversation()) });
    renderShell(`/s/${SHARE_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Could not copy the link');
    expect(toast).toHaveTextContent(`${window.location.origin}/s/${SHARE_ID}`);
  });

  test('leaving the page puts the title back and drops the noindex', async () => {
    stubApi({ [GET_SHARE]: ok(conversation()) });
    renderShell(`/s/${SHARE_ID}`);
    await screen.findByTestId('shared-messages');
    expect(robotsMeta()).not.toBeNull();
    await userEvent.click(screen.getByTestId('shared-try-app'));
    expect(await screen.findByTestId('landing-page')).toBeInTheDocument();
    expect(robotsMeta()).toBeNull();
    expect(document.title).toBe('Kasa');
  });
});

describe('a link that is unknown or revoked', () => {
  const notFound: Route = fail(404, 'SHARE_NOT_FOUND', 'This shared conversation does not exist.');

  test('shows the not-found page with a way home, for visitors signed out', async () => {
    stubApi({ [GET_SHARE]: notFound });
    renderShell(`/s/${SHARE_ID}`);
    const page = await screen.findByTestId('shared-not-found');
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('Link not available');
    await waitFor(() =>
      expect(page).toHaveTextContent('This shared conversation does not exist or is no longer shared.'),
    );
    expect(within(page).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByTestId('shared-messages')).toBeNull();
    expect(robotsMeta()).toHaveAttribute('content', 'noindex');
  });

  test('and for signed-in visitors, in French', async () => {
    signIn();
    localStorage.setItem('kasa-language', 'fr');
    stubApi({ [GET_USER]: ok({ user: TEST_USER }), [GET_SHARE]: notFound });
    const { loader } = renderShell(`/s/${SHARE_ID}`);
    const page = await screen.findByTestId('shared-not-found');
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('Lien indisponible');
    await waitFor(() =>
      expect(page).toHaveTextContent("Cette conversation partagée n'existe pas ou n'est plus partagée."),
    );
    expect(within(page).getByRole('link', { name: "Aller à l'accueil" })).toHaveAttribute('href', '/');
    expect(loader).not.toHaveBeenCalled();
  });

  test('an odd id is sent encoded and answered like any unknown link', async () => {
    const api = stubApi({ 'GET /api/shares/a%3Fb': notFound });
    renderShell('/s/a%3Fb');
    expect(await screen.findByTestId('shared-not-found')).toBeInTheDocument();
    expect(api.calls.map((c) => c.call)).toEqual(['GET /api/shares/a%3Fb']);
  });
});

test('a failed load says why and Try again asks again', async () => {
  let online = false;
  stubApi({
    [GET_SHARE]: () => (online ? { status: 200, body: conversation() } : new TypeError('Failed to fetch')),
  });
  renderShell(`/s/${SHARE_ID}`);
  const alert = await screen.findByTestId('shared-load-error');
  expect(alert).toHaveTextContent('The conversation could not load.');
  expect(screen.queryByTestId('shared-not-found')).toBeNull();
  online = true;
  await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByTestId('shared-messages')).toBeInTheDocument();
});
