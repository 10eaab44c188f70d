// The notice above the chat input when no AI model is connected, on the chat screen, against the
// API stubbed at the network boundary (GET /api/chat/models answered as the server answers it).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatModelsResponse } from '@kasa/contracts';
import App from '../App';
import { chatOutbox } from '../offline/outbox';
import { FakeApi, jsonResponse, renderWithProviders, setViewportWidth } from '../testing/chat-harness';
import { overlayRoutes } from '../testing/route-overlay';
import { OFFLINE_NOTICE_STORAGE_KEY } from './OfflineAdvisorNotice';

const ADVISOR = {
  id: 'offline-advisor',
  name: 'Kasa offline advisor',
  plans: ['BASIC_PLAN', 'PRO_PLAN'],
  allowed: true,
} as const;
const SETTINGS = ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'CHAT_MODEL'];

let api: FakeApi;
let models: ChatModelsResponse;

beforeEach(async () => {
  await chatOutbox().clear();
  localStorage.clear();
  setViewportWidth(360);
  api = new FakeApi();
  api.install();
  models = { models: [{ ...ADVISOR, plans: [...ADVISOR.plans] }], defaultModel: ADVISOR.id, offline: {} };
  overlayRoutes(api, { 'GET /api/chat/models': () => jsonResponse(200, models) });
});
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

const notice = () => screen.findByTestId('offline-advisor-notice');

test('says once, in plain words, that the chat answers from its own pages, and names no setting', async () => {
  renderWithProviders(<App />);
  expect(await notice()).toHaveTextContent('Kasa is answering from its own pages, not an AI model');
  expect(await notice()).toHaveAttribute('role', 'note');
  expect(screen.queryByTestId('offline-advisor-notice-details')).toBeNull();
  expect(document.body).not.toHaveTextContent(/OPENAI|CHAT_MODEL|README/);
});

test('dismissed, it goes and stays gone on this device', async () => {
  const first = renderWithProviders(<App />);
  const user = userEvent.setup();
  await user.click(within(await notice()).getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByTestId('offline-advisor-notice')).toBeNull();
  expect(localStorage.getItem(OFFLINE_NOTICE_STORAGE_KEY)).toBe('dismissed');
  first.unmount();

  renderWithProviders(<App />);
  await waitFor(() => expect(api.callsTo('GET', '/api/chat/models')).toHaveLength(2));
  await screen.findByRole('textbox', { name: 'Message Kasa' });
  expect(screen.queryByTestId('offline-advisor-notice')).toBeNull();
});

test('shows nothing when a model is connected', async () => {
  models = {
    models: [{ ...ADVISOR, id: 'llama3.2', name: 'Llama', plans: ['BASIC_PLAN'] }],
    defaultModel: 'llama3.2',
  };
  renderWithProviders(<App />);
  await waitFor(() => expect(api.callsTo('GET', '/api/chat/models')).toHaveLength(1));
  await screen.findByRole('textbox', { name: 'Message Kasa' });
  expect(screen.queryByTestId('offline-advisor-notice')).toBeNull();
});

test('gives an administrator the settings that connect a model, under Details', async () => {
  models = { ...models, offline: { configure: SETTINGS } };
  renderWithProviders(<App />);
  const details = within(await notice()).getByTestId('offline-advisor-notice-details');
  expect(details).not.toHaveAttribute('open');
  const user = userEvent.setup();
  await user.click(within(details).getByText('Details'));
  expect(details).toHaveAttribute('open');
  for (const name of SETTINGS) expect(within(details).getByText(name).tagName).toBe('CODE');
  expect(details).toHaveTextContent("The README's “AI providers” section has one line for each server.");
});

test('says it in French', async () => {
  models = { ...models, offline: { configure: SETTINGS } };
  renderWithProviders(<App />, { language: 'fr' });
  const shown = await notice();
  expect(shown).toHaveTextContent("Kasa répond à partir de ses propres pages, pas d'un modèle d'IA");
  expect(within(shown).getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
  expect(within(shown).getByText('Détails')).toBeInTheDocument();
});
