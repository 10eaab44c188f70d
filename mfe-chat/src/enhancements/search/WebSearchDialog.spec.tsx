// The web-search dialog against a stubbed POST /api/enhancements/search (global fetch).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  jsonResponse,
  renderWithProviders,
  setViewportWidth,
  type FakeResponse,
} from '../../testing/chat-harness';
import WebSearchDialog from './WebSearchDialog';

let calls: { url: string; body: unknown }[];
let answer: (body: { query: string }) => FakeResponse;
let onComplete: jest.Mock;

const results = [
  {
    title: 'Maize planting guide',
    link: 'https://example.org/maize',
    displayLink: 'example.org',
    snippet: 'Plant after the first rains.',
  },
  {
    title: 'Cocoa prices',
    link: 'https://example.com/cocoa',
    displayLink: 'example.com',
    snippet: 'Prices rose.',
  },
];

beforeEach(() => {
  setViewportWidth(1280);
  calls = [];
  onComplete = jest.fn();
  answer = (body) => jsonResponse(200, { success: true, query: body.query, results, engine: 'searxng' });
  (globalThis as { fetch?: unknown }).fetch = jest.fn(
    async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body));
      calls.push({ url: String(input), body });
      return answer(body) as unknown as Response;
    },
  );
});
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

function renderDialog() {
  renderWithProviders(
    <WebSearchDialog open onClose={jest.fn()} onComplete={onComplete} conversationId="c1" />,
  );
  return { user: userEvent.setup(), field: screen.getByRole('searchbox', { name: 'Search the web' }) };
}

test('blank is ignored; Enter searches the trimmed query; results link out in a new tab; Add gives the text', async () => {
  const { user, field } = renderDialog();
  await user.type(field, '   {Enter}');
  expect(calls).toHaveLength(0);
  expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();

  await user.type(field, ' maize {Enter}');
  await waitFor(() => expect(calls).toHaveLength(1));
  expect(calls[0]).toEqual({
    url: '/api/enhancements/search',
    body: { query: 'maize', conversationId: 'c1' },
  });
  const items = await screen.findAllByTestId('web-search-result');
  expect(items).toHaveLength(2);
  const link = within(items[0]).getByRole('link', { name: /Maize planting guide/ });
  expect(link).toHaveAttribute('href', 'https://example.org/maize');
  expect(link).toHaveAttribute('target', '_blank');
  expect(link.getAttribute('rel')).toContain('noopener');
  expect(items[0]).toHaveTextContent('example.org');
  expect(items[0]).toHaveTextContent('Plant after the first rains.');
  expect(screen.queryByTestId('web-search-local')).toBeNull();

  await user.click(within(items[1]).getByRole('button', { name: 'Add Cocoa prices' }));
  expect(onComplete).toHaveBeenCalledWith({
    kind: 'text',
    text: 'Cocoa prices — https://example.com/cocoa\nPrices rose.',
  });
});

test('Add all gives every result, a blank line between', async () => {
  const { user, field } = renderDialog();
  await user.type(field, 'maize{Enter}');
  await user.click(await screen.findByRole('button', { name: 'Add all' }));
  expect(onComplete).toHaveBeenCalledWith({
    kind: 'text',
    text:
      'Maize planting guide — https://example.org/maize\nPlant after the first rains.\n\n' +
      'Cocoa prices — https://example.com/cocoa\nPrices rose.',
  });
});

test("the local index says so; no results says 'No search results found'", async () => {
  answer = (body) => jsonResponse(200, { success: true, query: body.query, results: [], engine: 'local' });
  const { user, field } = renderDialog();
  await user.type(field, 'zzz{Enter}');
  expect(await screen.findByTestId('web-search-empty')).toHaveTextContent('No search results found');
  expect(screen.getByTestId('web-search-local')).toHaveTextContent(
    "Results from Kasa's local index — no web search engine is configured",
  );
});

test('a 429 shows the limit text in the dialog; other failures say Search failed', async () => {
  answer = () =>
    jsonResponse(429, {
      error: 'Usage limit exceeded',
      code: 'USAGE_LIMIT_EXCEEDED',
      feature: 'webSearchesPerMonth',
      current: 20,
      limit: 20,
      upgradeRequired: true,
    });
  const { user, field } = renderDialog();
  await user.type(field, 'maize{Enter}');
  expect(await screen.findByTestId('web-search-limit')).toHaveTextContent(
    'Web search limit exceeded. Please upgrade your plan to continue searching.',
  );
  answer = () => jsonResponse(502, { statusCode: 502, message: 'The search engine did not answer.' });
  await user.click(screen.getByRole('button', { name: 'Search' }));
  expect(await screen.findByTestId('web-search-failed')).toHaveTextContent(
    'Search failed — The search engine did not answer.',
  );
});

test('French', async () => {
  answer = (body) => jsonResponse(200, { success: true, query: body.query, results: [], engine: 'local' });
  renderWithProviders(<WebSearchDialog open onClose={jest.fn()} onComplete={onComplete} />, {
    language: 'fr',
  });
  const user = userEvent.setup();
  await user.type(screen.getByRole('searchbox', { name: 'Rechercher sur le web' }), 'maïs{Enter}');
  expect(await screen.findByTestId('web-search-empty')).toHaveTextContent('Aucun résultat trouvé');
  expect(calls[0].body).toEqual({ query: 'maïs' });
});
