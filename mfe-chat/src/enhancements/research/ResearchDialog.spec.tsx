// The research dialog against the API stubbed at the network boundary (global fetch).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResearchResponse } from '@kasa/contracts';
import { loadErrorMessages } from '@kasa/ui';
import { jsonResponse, renderWithProviders, type FakeResponse } from '../../testing/chat-harness';
import type { EnhancementResult } from '../types';
import ResearchDialog from './ResearchDialog';

interface Call {
  url: string;
  method: string;
  body: unknown;
}

let calls: Call[];
let answerResearch: () => Promise<FakeResponse>;
let progress: { stage: string; percent: number };

const answer: ResearchResponse = {
  success: true,
  id: 'r1',
  query: 'cocoa shade',
  summary: 'Cocoa grows best under light shade [1]. Kasa notes say prune after harvest [2].',
  sources: [
    {
      title: 'Cocoa bean',
      url: 'https://en.wikipedia.org/wiki/Cocoa_bean',
      snippet: 'The seed of Theobroma cacao.',
      type: 'encyclopedia',
    },
    { title: 'Pruning guide', url: '/legal/guide', snippet: 'From your files.', type: 'local' },
  ],
  mode: 'offline',
};

// The error texts load at the first tap; loaded here, they do not re-render a test mid-way.
beforeAll(() => loadErrorMessages());

beforeEach(() => {
  calls = [];
  progress = { stage: 'searching', percent: 20 };
  answerResearch = async () => jsonResponse(200, answer);
  (globalThis as { fetch?: unknown }).fetch = jest.fn(
    async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      if (url.startsWith('/api/enhancements/research/progress/')) return jsonResponse(200, progress);
      if (url === '/api/enhancements/research') return answerResearch();
      return jsonResponse(404, { message: 'not found' });
    },
  );
});
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

function renderDialog(language: 'en' | 'fr' = 'en') {
  const onComplete = jest.fn<void, [EnhancementResult]>();
  const onClose = jest.fn();
  renderWithProviders(<ResearchDialog open onClose={onClose} onComplete={onComplete} conversationId="c1" />, {
    language,
  });
  return { onComplete, onClose, user: userEvent.setup() };
}

const field = () => screen.getByRole('textbox', { name: 'What do you want to research?' });
const researchPosts = () => calls.filter((c) => c.url === '/api/enhancements/research');

test('Enter runs the research; the result shows the summary with linked citations, sources and the offline label', async () => {
  const { user, onComplete } = renderDialog();
  await user.type(field(), '  cocoa shade  {Enter}');

  const result = await screen.findByTestId('research-result');
  expect(researchPosts()).toHaveLength(1);
  const body = researchPosts()[0].body as { query: string; conversationId: string; requestId: string };
  expect(body.query).toBe('cocoa shade');
  expect(body.conversationId).toBe('c1');
  expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);

  expect(within(result).getByTestId('research-offline')).toHaveTextContent(
    "Offline research: from Kasa's local index, summarised without an AI model.",
  );
  const cite = within(result).getByRole('link', { name: 'Source 1: Cocoa bean (opens in a new tab)' });
  expect(cite).toHaveTextContent('[1]');
  expect(cite).toHaveAttribute('href', 'https://en.wikipedia.org/wiki/Cocoa_bean');
  expect(within(result).getByTestId('research-summary')).toHaveTextContent(answer.summary);

  const items = within(within(result).getByTestId('research-sources')).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent('Cocoa bean');
  expect(items[0]).toHaveTextContent('Encyclopedia');
  expect(items[1]).toHaveTextContent('Kasa (local)');
  const title = within(items[0]).getByRole('link', { name: 'Cocoa bean' });
  expect(title).toHaveAttribute('target', '_blank');
  expect(title.getAttribute('rel')).toContain('noopener');

  await user.click(within(result).getByRole('button', { name: 'Add to message' }));
  expect(onComplete).toHaveBeenCalledWith({
    kind: 'text',
    text: `${answer.summary}\n\nSources:\n[1] Cocoa bean — https://en.wikipedia.org/wiki/Cocoa_bean\n[2] Pruning guide — /legal/guide`,
  });
});

test('Shift+Enter adds a new line; an empty or blank question is never sent', async () => {
  const { user } = renderDialog();
  await user.type(field(), '{Enter}');
  await user.type(field(), '   {Enter}');
  expect(screen.getByRole('button', { name: 'Research' })).toBeDisabled();
  await user.clear(field());
  await user.type(field(), 'line one{Shift>}{Enter}{/Shift}line two');
  expect(field()).toHaveValue('line one\nline two');
  expect(researchPosts()).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Research' }));
  await screen.findByTestId('research-result');
  expect((researchPosts()[0].body as { query: string }).query).toBe('line one\nline two');
});

test('while it runs, the progress polled from the server shows its stage', async () => {
  let finish: (r: FakeResponse) => void = () => undefined;
  answerResearch = () => new Promise((resolve) => (finish = resolve));
  const { user } = renderDialog();
  await user.type(field(), 'maize prices{Enter}');

  const box = await screen.findByTestId('research-progress');
  expect(await within(box).findByText('Searching…')).toBeInTheDocument();
  expect(within(box).getByRole('progressbar', { name: 'Research progress' })).toHaveAttribute('value', '20');
  const requestId = (researchPosts()[0].body as { requestId: string }).requestId;
  expect(calls.some((c) => c.url === `/api/enhancements/research/progress/${requestId}`)).toBe(true);
  expect(screen.getByRole('button', { name: 'Researching…' })).toBeDisabled();

  progress = { stage: 'summarising', percent: 80 };
  expect(await within(box).findByText('Writing the summary…', {}, { timeout: 2500 })).toBeInTheDocument();

  finish(jsonResponse(200, { ...answer, mode: 'web' }));
  await screen.findByTestId('research-result');
  expect(screen.queryByTestId('research-progress')).toBeNull();
  expect(screen.queryByTestId('research-offline')).toBeNull();
});

test('a failure says Research failed with the error text', async () => {
  answerResearch = async () =>
    jsonResponse(502, { code: 'SOMETHING_NEW', message: 'Wikipedia did not answer' });
  const { user } = renderDialog();
  await user.type(field(), 'cassava{Enter}');
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Research failed');
  expect(toast).toHaveTextContent('Wikipedia did not answer');
  expect(screen.queryByTestId('research-result')).toBeNull();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Research' })).toBeEnabled());
});

test('an over-quota 429 leaves the toast to the app-wide usage-limit handler', async () => {
  answerResearch = async () =>
    jsonResponse(429, {
      error: 'Usage limit exceeded',
      feature: 'webSearchesPerMonth',
      current: 20,
      limit: 20,
      upgradeRequired: true,
    });
  const { user } = renderDialog();
  await user.type(field(), 'cassava{Enter}');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Research' })).toBeEnabled());
  expect(screen.queryByTestId('toast')).toBeNull();
});

test('in French', async () => {
  const { user } = renderDialog('fr');
  await user.type(screen.getByRole('textbox', { name: 'Que voulez-vous rechercher ?' }), 'cacao{Enter}');
  const result = await screen.findByTestId('research-result');
  expect(within(result).getByTestId('research-offline')).toHaveTextContent(/Recherche hors ligne/);
  expect(within(result).getByText('Encyclopédie')).toBeInTheDocument();
  expect(within(result).getByRole('button', { name: 'Ajouter au message' })).toBeInTheDocument();
});
