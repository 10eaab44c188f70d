// The composer's model picker on the chat screen, against the API stubbed at the network boundary
// (GET /api/chat/models answered as the server answers it, POST /api/chat as a stream).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUBSCRIPTION_STATUS_QUERY_KEY } from '@kasa/api-client';
import type { ChatModelOption, ChatModelsResponse, ConversationSummary } from '@kasa/contracts';
import { subscriptionStatusOf } from '@kasa/ui/testing';
import App from '../App';
import { chatOutbox } from '../offline/outbox';
import { CONVERSATIONS_QUERY_KEY } from '../shared/chat-api';
import {
  FakeApi,
  jsonResponse,
  message,
  renderWithProviders,
  setViewportWidth,
} from '../testing/chat-harness';
import { overlayRoutes } from '../testing/route-overlay';

const FAST: ChatModelOption = {
  id: 'kasa-fast',
  name: 'Kasa Fast',
  plans: ['BASIC_PLAN', 'PRO_PLAN'],
  allowed: true,
};
const SMART: ChatModelOption = {
  id: 'kasa-smart',
  name: 'Kasa Smart',
  plans: ['BASIC_PLAN', 'PRO_PLAN'],
  allowed: true,
};
const EXPERT: ChatModelOption = {
  id: 'kasa-expert',
  name: 'Kasa Expert',
  plans: ['PRO_PLAN'],
  allowed: false,
};

let api: FakeApi;
let models: ChatModelsResponse;

beforeEach(async () => {
  await chatOutbox().clear();
  localStorage.clear();
  setViewportWidth(1280);
  api = new FakeApi();
  api.install();
  models = { models: [FAST], defaultModel: FAST.id };
  overlayRoutes(api, { 'GET /api/chat/models': () => jsonResponse(200, models) });
});
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

const offer = (...options: ChatModelOption[]) => {
  models = { models: options, defaultModel: FAST.id };
};
const input = () => screen.getByRole('textbox', { name: 'Message Kasa' });
const picker = () => screen.findByTestId('model-picker');
const option = (name: string) => screen.findByRole('menuitemradio', { name: new RegExp(name) });
const chatPosts = () => api.callsTo('POST', '/api/chat');

function conversationWithModel(model: string | null) {
  api.addConversation('c1', 'Maize', [
    message('u1', 'user', 'When to plant maize?'),
    message('a1', 'assistant', 'At the start of the rains.'),
  ]);
  (api.conversations[0] as ConversationSummary).model = model;
}

test('with one model no picker shows, and sends carry no model', async () => {
  renderWithProviders(<App />);
  await waitFor(() => expect(api.callsTo('GET', '/api/chat/models')).toHaveLength(1));
  expect(screen.queryByTestId('model-picker')).toBeNull();
  const user = userEvent.setup();
  await user.type(input(), 'Hello{Enter}');
  await waitFor(() => expect(chatPosts()).toHaveLength(1));
  expect(chatPosts()[0].body).toEqual({ message: 'Hello' });
});

test("starts at the conversation's model; the picked model goes with the next send and into the cached summary", async () => {
  offer(FAST, SMART);
  conversationWithModel(SMART.id);
  const { queryClient } = renderWithProviders(<App />, { path: '/chat?c=c1' });
  await screen.findByText('At the start of the rains.');
  await waitFor(async () => expect(await picker()).toHaveTextContent('Kasa Smart'));
  expect(await picker()).toHaveAccessibleName('Model: Kasa Smart. Change the model');

  const user = userEvent.setup();
  await user.click(await picker());
  expect(await option('Kasa Smart')).toHaveAttribute('aria-checked', 'true');
  await user.click(await option('Kasa Fast'));
  expect(await picker()).toHaveTextContent('Kasa Fast');

  await user.type(input(), 'And beans?{Enter}');
  await waitFor(() => expect(chatPosts()).toHaveLength(1));
  expect(chatPosts()[0].body).toEqual({ message: 'And beans?', conversationId: 'c1', model: FAST.id });
  const summary = queryClient
    .getQueryData<ConversationSummary[]>(CONVERSATIONS_QUERY_KEY)
    ?.find((c) => c.id === 'c1');
  expect(summary?.model).toBe(FAST.id);
});

test('a conversation without a model of its own shows the default and sends none until one is picked', async () => {
  offer(FAST, SMART);
  conversationWithModel(null);
  renderWithProviders(<App />, { path: '/chat?c=c1' });
  await waitFor(async () => expect(await picker()).toHaveTextContent('Kasa Fast'));
  const user = userEvent.setup();
  await user.type(input(), 'Hi{Enter}');
  await waitFor(() => expect(chatPosts()).toHaveLength(1));
  expect(chatPosts()[0].body).toEqual({ message: 'Hi', conversationId: 'c1' });
});

test('a model picked in a new chat stays chosen once the server names the conversation', async () => {
  offer(FAST, SMART);
  renderWithProviders(<App />);
  const user = userEvent.setup();
  await user.click(await picker());
  await user.click(await option('Kasa Smart'));
  await user.type(input(), 'Cassava pests{Enter}');
  await waitFor(() => expect(api.streams).toHaveLength(1));
  expect(chatPosts()[0].body).toEqual({ message: 'Cassava pests', model: SMART.id });
  api.addConversation('c9', 'Cassava pests');
  const stream = api.streams[0];
  stream.send({ conversationId: 'c9', userMessageId: 'u9', assistantMessageId: 'a9' }, 0);
  stream.send({ content: 'Check the leaves.' }, 17);
  stream.send({ done: true, conversationId: 'c9' }, 17);
  stream.close();
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('c=c9'));
  expect(await picker()).toHaveTextContent('Kasa Smart');
});

test('a Basic user sees the Pro model disabled with a Pro badge; tapping it opens the payment options', async () => {
  offer(FAST, EXPERT);
  api.subscriptionStatus = subscriptionStatusOf('BASIC_PLAN');
  renderWithProviders(<App />);
  const user = userEvent.setup();
  await user.click(await picker());
  const expert = await option('Kasa Expert');
  expect(expert).toHaveAttribute('aria-disabled', 'true');
  expect(expert).toHaveAttribute('aria-checked', 'false');
  expect(within(expert).getByTestId('model-pro-badge')).toHaveTextContent('Pro');
  expect(expert).toHaveTextContent('With Pro. See the payment options');
  await user.click(expert);
  expect(await screen.findByTestId('payment-options-dialog')).toBeInTheDocument();
  expect(await picker()).toHaveTextContent('Kasa Fast');
});

test('a conversation whose model the plan no longer allows shows the default and sends it explicitly', async () => {
  offer(FAST, EXPERT);
  conversationWithModel(EXPERT.id);
  renderWithProviders(<App />, { path: '/chat?c=c1' });
  await screen.findByText('At the start of the rains.');
  await waitFor(async () => expect(await picker()).toHaveTextContent('Kasa Fast'));
  const user = userEvent.setup();
  await user.type(input(), 'Hi{Enter}');
  await waitFor(() => expect(chatPosts()).toHaveLength(1));
  expect(chatPosts()[0].body).toEqual({ message: 'Hi', conversationId: 'c1', model: FAST.id });
});

test('the list is read again when the plan changes (an upgrade allows more models)', async () => {
  offer(FAST, EXPERT);
  api.subscriptionStatus = subscriptionStatusOf('BASIC_PLAN');
  const { queryClient } = renderWithProviders(<App />);
  await waitFor(() =>
    expect(queryClient.getQueryState(SUBSCRIPTION_STATUS_QUERY_KEY)?.status).toBe('success'),
  );
  await picker();
  const modelGets = () => api.callsTo('GET', '/api/chat/models').length;
  expect(modelGets()).toBe(1);
  offer(FAST, { ...EXPERT, allowed: true });
  act(() => queryClient.setQueryData(SUBSCRIPTION_STATUS_QUERY_KEY, subscriptionStatusOf('PRO_PLAN')));
  await waitFor(() => expect(modelGets()).toBe(2));
  const user = userEvent.setup();
  await user.click(await picker());
  await waitFor(async () => expect(await option('Kasa Expert')).not.toHaveAttribute('aria-disabled'));
});

test('a refused model (403 CHAT_MODEL_NOT_ALLOWED) shows the usual error text', async () => {
  offer(FAST, SMART);
  conversationWithModel(null);
  api.onChat = () =>
    jsonResponse(403, {
      statusCode: 403,
      code: 'CHAT_MODEL_NOT_ALLOWED',
      message: 'This model is not available on your plan.',
    });
  renderWithProviders(<App />, { path: '/chat?c=c1' });
  const user = userEvent.setup();
  await user.click(await picker());
  await user.click(await option('Kasa Smart'));
  await user.type(input(), 'Hi{Enter}');
  expect(
    await screen.findByText(/This model is not available on your plan\. Upgrade to Pro to use it\./),
  ).toBeInTheDocument();
});

test('French: the picker and its Pro hint speak French', async () => {
  offer(FAST, EXPERT);
  renderWithProviders(<App />, { language: 'fr' });
  const user = userEvent.setup();
  expect(await picker()).toHaveAccessibleName('Modèle : Kasa Fast. Changer de modèle');
  await user.click(await picker());
  expect(await option('Kasa Expert')).toHaveTextContent('Avec Pro. Voir les options de paiement');
});
