import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from './App';
import { FakeApi, message, renderWithProviders, setViewportWidth } from '../test/helpers';

let api: FakeApi;

beforeEach(() => {
  localStorage.clear();
  setViewportWidth(1280);
  api = new FakeApi();
  api.install();
});
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

test('smoke', async () => {
  renderWithProviders(<App />);
  expect(screen.getByTestId('chat-welcome')).toHaveTextContent("Hello, I'm Kasa, your AI assistant");
  expect(await screen.findByTestId('no-conversations')).toBeInTheDocument();
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Message Kasa' }), 'Hello{Enter}');
  await waitFor(() => expect(api.streams).toHaveLength(1));
  expect(screen.getByTestId('typing-indicator')).toBeInTheDocument();
  act(() => api.streams[0].send({ conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a1' }));
  act(() => api.streams[0].send({ content: 'Hi **there**' }));
  expect(await screen.findByText('there')).toBeInTheDocument();
  api.addConversation('c1', 'Hello');
  act(() => {
    api.streams[0].send({ done: true, conversationId: 'c1' });
    api.streams[0].close();
  });
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/chat?c=c1'));
  expect(await screen.findByRole('button', { name: 'Hello', current: 'page' })).toBeInTheDocument();
  void within;
  void message;
});
