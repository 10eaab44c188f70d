// The plus button, its menu and the draft, in the chat screen, against the chat API stubbed at the
// network boundary (global fetch, and an XMLHttpRequest double for uploads).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SendChatRequest, UploadRecord } from '@kasa/contracts';
import App from '../App';
import {
  FakeApi,
  jsonResponse,
  message,
  renderWithProviders,
  setViewportWidth,
  type FakeResponse,
} from '../testing/chat-harness';
import { FakeXhr, fileOf, uploadRecord } from '../testing/enhancements-fakes';

let api: FakeApi;
/** GET /api/enhancements/uploads/{id}: how the reading of each file stands. */
let records: Map<string, UploadRecord>;
let searches: unknown[];
const realXhr = globalThis.XMLHttpRequest;

beforeEach(() => {
  localStorage.clear();
  setViewportWidth(1280);
  api = new FakeApi();
  const chatFetch = api.install();
  records = new Map();
  searches = [];
  FakeXhr.install();
  (globalThis as { fetch?: unknown }).fetch = jest.fn(
    async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const upload = /^\/api\/enhancements\/uploads\/([^/]+)$/.exec(url);
      if (upload) {
        const record = records.get(upload[1]);
        return (record
          ? jsonResponse(200, record)
          : jsonResponse(404, { message: 'Not found' })) as unknown as Response;
      }
      if (url === '/api/enhancements/language-tool/languages')
        return jsonResponse(200, []) as unknown as Response;
      if (url === '/api/enhancements/language-tool/define/mu')
        return jsonResponse(200, {
          success: true,
          word: 'mu',
          language: null,
          dictionaryLoading: null,
          definitions: [
            {
              id: 'e1',
              word: 'mu',
              language: 'bbk',
              languageName: 'Babanki',
              translation: 'water',
              partOfSpeech: 'noun',
              source: 'asjp-v12:BABANKI',
              sourceKind: 'asjp-v12',
              audioUrl: null,
              audioUnavailable: 'phonetic-code',
            },
          ],
        }) as unknown as Response;
      if (url === '/api/enhancements/search') {
        const body = JSON.parse(String(init.body));
        searches.push(body);
        return jsonResponse(200, {
          success: true,
          query: body.query,
          engine: 'local',
          results: [
            {
              title: 'Maize guide',
              link: 'https://example.org/maize',
              displayLink: 'example.org',
              snippet: 'Plant early.',
            },
          ],
        }) as unknown as Response;
      }
      return chatFetch(input, init);
    },
  );
});
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = realXhr;
});

const input = () => screen.getByRole('textbox', { name: 'Message Kasa' });
const plus = () => screen.getByRole('button', { name: 'Enhancements' });

async function openTool(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(plus());
  await user.click(await screen.findByRole('menuitem', { name }));
}

/** Uploads one text file through the dialog; the server's record says the reading is under way. */
async function attachFile(user: ReturnType<typeof userEvent.setup>, name = 'notes.txt', id = 'u1') {
  await openTool(user, 'Add Photo or File');
  fireEvent.change(await screen.findByTestId('upload-input'), {
    target: { files: [fileOf(name, 'text/plain')] },
  });
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  const running = uploadRecord(id, name, { extraction: { status: 'running', progress: 40 } });
  records.set(id, running);
  act(() => FakeXhr.sent[0].respond(201, running));
  await waitFor(() => expect(screen.queryByTestId('upload-dialog')).toBeNull());
}

test('the plus button (48 px) opens the menu with the tools in order; one dialog at a time, fresh each time', async () => {
  renderWithProviders(<App />);
  const user = userEvent.setup();
  // 48 × 48 px: static.css's .kasa-plus-button (the browser tests measure it against the preview).
  expect(plus()).toHaveClass('kasa-icon-button', 'kasa-plus-button');
  expect(plus()).toHaveAttribute('aria-haspopup', 'menu');
  await user.click(plus());
  const items = await screen.findAllByRole('menuitem');
  expect(items.map((item) => item.textContent)).toEqual([
    'Add Photo or File',
    'Add from cloud storage',
    'Web Search',
    'Canvas',
    'Research',
    'Language Tool',
  ]);
  await user.click(items[2]);
  const dialog = await screen.findByRole('dialog', { name: 'Web Search' });
  expect(screen.queryByRole('menu')).toBeNull();
  await user.type(within(dialog).getByRole('searchbox'), 'maize');
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByTestId('web-search-dialog')).toBeNull());

  await openTool(user, 'Web Search');
  expect(await screen.findByRole('searchbox', { name: 'Search the web' })).toHaveValue('');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByTestId('web-search-dialog')).toBeNull());
  await openTool(user, 'Add Photo or File');
  await screen.findByTestId('upload-dialog');
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
});

test("the language tool, the sixth item: a dictionary entry goes into the input; 'Enhancement Added'", async () => {
  renderWithProviders(<App />);
  const user = userEvent.setup();
  await openTool(user, 'Language Tool');
  const dialog = await screen.findByRole('dialog', { name: 'Language Tool' });
  expect(within(dialog).getByRole('tab', { name: 'AI Analysis' })).toHaveAttribute('aria-selected', 'true');
  await user.click(within(dialog).getByRole('tab', { name: 'Dictionary' }));
  await user.type(within(dialog).getByRole('searchbox', { name: 'Word or English meaning' }), 'mu{Enter}');
  await user.click(await within(dialog).findByRole('button', { name: 'Add to chat' }));
  await waitFor(() => expect(screen.queryByTestId('language-tool-dialog')).toBeNull());
  expect(input()).toHaveValue('Dictionary: mu\n- mu (Babanki): water, noun [asjp-v12:BABANKI]');
  expect(screen.getByTestId('toast')).toHaveTextContent('Enhancement Added');
});

test('French: the button and the toast', async () => {
  renderWithProviders(<App />, { language: 'fr' });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Améliorations' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Recherche web' }));
  await user.type(await screen.findByRole('searchbox'), 'maïs{Enter}');
  await user.click(await screen.findByRole('button', { name: 'Ajouter Maize guide' }));
  expect(await screen.findByTestId('toast')).toHaveTextContent('Amélioration ajoutée');
});

test("a search result goes into the input after the text, a blank line between; 'Enhancement Added'", async () => {
  renderWithProviders(<App />);
  const user = userEvent.setup();
  await user.type(input(), 'Summarise this:');
  await openTool(user, 'Web Search');
  await user.type(await screen.findByRole('searchbox'), 'maize{Enter}');
  await user.click(await screen.findByRole('button', { name: 'Add Maize guide' }));
  await waitFor(() => expect(screen.queryByTestId('web-search-dialog')).toBeNull());
  expect(input()).toHaveValue('Summarise this:\n\nMaize guide — https://example.org/maize\nPlant early.');
  expect(screen.getByTestId('toast')).toHaveTextContent('Enhancement Added');
  expect(searches).toEqual([{ query: 'maize' }]);
});

test('an uploaded file: a chip reading its text, then sent with the message (cleared after), shown on the message', async () => {
  renderWithProviders(<App />);
  const user = userEvent.setup();
  await attachFile(user);
  const chip = screen.getByTestId('draft-attachment');
  expect(chip).toHaveTextContent('notes.txt');
  expect(within(chip).getByTestId('attachment-reading')).toHaveTextContent('Reading… 40%');
  // Polled every 1.5 s until done.
  records.set('u1', uploadRecord('u1', 'notes.txt'));
  await waitFor(() => expect(within(chip).queryByTestId('attachment-reading')).toBeNull(), { timeout: 3000 });

  // Blank text: nothing is sent, even with an attachment.
  await user.type(input(), '   {Enter}');
  expect(api.callsTo('POST', '/api/chat')).toHaveLength(0);
  await user.clear(input());
  await user.type(input(), 'Read my notes{Enter}');
  await waitFor(() => expect(api.streams).toHaveLength(1));
  const body = (globalThis.fetch as jest.Mock).mock.calls
    .filter(([url]) => url === '/api/chat')
    .map(([, init]) => JSON.parse(init.body) as SendChatRequest)[0];
  expect(body).toEqual({ message: 'Read my notes', attachments: [{ type: 'upload', id: 'u1' }] });
  expect(screen.queryByTestId('draft-attachments')).toBeNull();
  expect(input()).toHaveValue('');
  const sent = screen.getAllByTestId('chat-message')[0];
  expect(within(sent).getByTestId('message-attachment')).toHaveTextContent('notes.txt');

  act(() => api.streams[0].send({ conversationId: 'c1', userMessageId: 'm1', assistantMessageId: 'm2' }));
  act(() => api.streams[0].send({ content: 'Done.' }));
  api.addConversation('c1', 'Read my notes', [
    message('m1', 'user', 'Read my notes', {
      attachments: [
        { type: 'upload', id: 'u1', name: 'notes.txt', mimeType: 'text/plain', url: '/api/files/u1?sig=s' },
      ],
    }),
    message('m2', 'assistant', 'Done.'),
  ]);
  act(() => {
    api.streams[0].send({ done: true, conversationId: 'c1' });
    api.streams[0].close();
  });
  await waitFor(() => expect(screen.queryByTestId('live-reply')).toBeNull());
  expect(screen.queryByTestId('draft-attachments')).toBeNull();
  // The server's copy: a file opens its signed link in a new tab.
  const link = await screen.findByRole('link', { name: 'Open notes.txt (new tab)' });
  expect(link).toHaveAttribute('href', '/api/files/u1?sig=s');
  expect(link).toHaveAttribute('target', '_blank');
  expect(
    within(screen.getAllByTestId('chat-message')[0]).getByTestId('message-attachment'),
  ).toHaveTextContent('notes.txt');
});

test('a send the server refuses keeps the draft: the text and the attachments come back', async () => {
  api.onChat = (): FakeResponse =>
    jsonResponse(404, {
      statusCode: 404,
      code: 'ENHANCEMENT_UPLOAD_NOT_FOUND',
      message: 'Attachment not found.',
    });
  renderWithProviders(<App />);
  const user = userEvent.setup();
  await attachFile(user);
  await user.type(input(), 'Read my notes{Enter}');
  await waitFor(() => expect(api.callsTo('POST', '/api/chat')).toHaveLength(1));
  await waitFor(() => expect(input()).toHaveValue('Read my notes'));
  expect(screen.getByTestId('draft-attachment')).toHaveTextContent('notes.txt');
});

test('removing a chip takes it out of the draft', async () => {
  renderWithProviders(<App />);
  const user = userEvent.setup();
  await attachFile(user);
  await user.click(screen.getByRole('button', { name: 'Remove notes.txt' }));
  expect(screen.queryByTestId('draft-attachments')).toBeNull();
  await user.type(input(), 'Hello{Enter}');
  await waitFor(() => expect(api.callsTo('POST', '/api/chat')).toHaveLength(1));
  expect(api.callsTo('POST', '/api/chat')[0].body).toEqual({ message: 'Hello' });
});
