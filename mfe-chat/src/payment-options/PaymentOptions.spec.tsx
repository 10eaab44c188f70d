// The usage warning and the 'Payment Options' dialog on the chat screen, against the API stubbed at
// the network boundary (GET /api/subscription/status answered as the server answers it).
import { act, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUBSCRIPTION_STATUS_QUERY_KEY } from '@kasa/api-client';
import { subscriptionStatusOf } from '@kasa/ui/testing';
import App from '../App';
import { FakeApi, renderWithProviders, setViewportWidth } from '../testing/chat-harness';

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

const statusGets = () => api.callsTo('GET', '/api/subscription/status').length;

/** Renders the chat and waits until the status has arrived (so "no link" is not just "not yet"). */
async function renderChat(options: Parameters<typeof renderWithProviders>[1] = {}) {
  const rendered = renderWithProviders(<App />, options);
  await waitFor(() =>
    expect(rendered.queryClient.getQueryState(SUBSCRIPTION_STATUS_QUERY_KEY)?.status).toBe('success'),
  );
  return rendered;
}

describe('the Payment Options link', () => {
  test('hidden on Basic below 80 % of every meter', async () => {
    // 39 of 50 messages = 78 %, 3 of 5 images = 60 %, 15 of 20 searches = 75 %.
    api.subscriptionStatus = subscriptionStatusOf('BASIC_PLAN', {
      messages: 39,
      mediaGenerations: 3,
      webSearches: 15,
    });
    await renderChat();
    expect(statusGets()).toBe(1);
    expect(screen.queryByTestId('payment-options-link')).toBeNull();
    expect(screen.queryByTestId('usage-warning')).toBeNull();
  });

  test('hidden on Pro, even at 95 % of a meter', async () => {
    api.subscriptionStatus = subscriptionStatusOf('PRO_PLAN', { messages: 1900 });
    expect(api.subscriptionStatus.usage.percentages.messages).toBe(95);
    await renderChat();
    expect(screen.queryByTestId('payment-options-link')).toBeNull();
  });

  test('hidden when the status cannot be read (no error on the chat screen for it)', async () => {
    renderWithProviders(<App />);
    await waitFor(() => expect(statusGets()).toBe(1));
    await act(async () => undefined);
    expect(screen.queryByTestId('payment-options-link')).toBeNull();
    expect(screen.getByTestId('chat-welcome')).toBeInTheDocument();
  });

  test('shown on Basic at exactly 80 %, naming the meter closest to its limit', async () => {
    api.subscriptionStatus = subscriptionStatusOf('BASIC_PLAN', { messages: 40 });
    await renderChat();
    expect(await screen.findByTestId('usage-warning-text')).toHaveTextContent(
      'You have used 80 % of your messages this month.',
    );
    expect(screen.getByTestId('payment-options-link')).toHaveTextContent('Payment Options');
  });

  test('two meters past 80 %: the fuller one is named', async () => {
    api.subscriptionStatus = subscriptionStatusOf('BASIC_PLAN', { messages: 41, mediaGenerations: 5 });
    await renderChat();
    expect(await screen.findByTestId('usage-warning-text')).toHaveTextContent(
      'You have used 100 % of your media generations this month.',
    );
  });

  test('appears after the reply that crosses 80 %: the status is read again once a message counted', async () => {
    api.subscriptionStatus = subscriptionStatusOf('BASIC_PLAN', { messages: 39 });
    await renderChat();
    expect(screen.queryByTestId('payment-options-link')).toBeNull();

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message Kasa' }), 'When to weed maize?{Enter}');
    await waitFor(() => expect(api.streams).toHaveLength(1));
    api.subscriptionStatus = subscriptionStatusOf('BASIC_PLAN', { messages: 40 });
    api.addConversation('c1', 'When to weed maize?');
    act(() => {
      const stream = api.streams[0];
      stream.send({ conversationId: 'c1', userMessageId: 'u1', assistantMessageId: 'a1' });
      stream.send({ content: 'Two to three weeks after emergence.' });
      stream.send({ done: true, conversationId: 'c1' });
      stream.close();
    });
    expect(await screen.findByTestId('payment-options-link')).toBeInTheDocument();
    expect(statusGets()).toBe(2);
  });
});

describe('the Payment Options dialog', () => {
  test('shows the Pro price and both ways to pay, each leading to its checkout; Escape closes it', async () => {
    api.subscriptionStatus = subscriptionStatusOf('BASIC_PLAN', { messages: 45 });
    await renderChat();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('payment-options-link'));

    const dialog = await screen.findByTestId('payment-options-dialog');
    expect(screen.getByRole('dialog', { name: 'Payment Options' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('payment-options-price')).toHaveTextContent(
      'Upgrade to Pro for $4/month by card or ₣2,500/month by mobile money.',
    );
    expect(dialog).toHaveTextContent(
      'With Pro: 2,000 messages, 200 media generations and 300 voice minutes a month, plus priority support.',
    );
    const card = within(dialog).getByTestId('payment-options-card');
    expect(card).toHaveTextContent('Pay $4 with Credit Card');
    expect(card).toHaveAttribute('href', '/subscription?method=card');
    const mobileMoney = within(dialog).getByTestId('payment-options-mobile-money');
    expect(mobileMoney).toHaveTextContent('Pay ₣2,500 via Mobile Money');
    expect(mobileMoney).toHaveAttribute('href', '/subscription?method=mobile_money');

    await user.keyboard('{Escape}');
    await waitForElementToBeRemoved(() => screen.queryByTestId('payment-options-dialog'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/chat$/);
    // The focus goes back to the link that opened it.
    expect(screen.getByTestId('payment-options-link')).toHaveFocus();

    // Cancel closes it too.
    await user.click(screen.getByTestId('payment-options-link'));
    await user.click(await screen.findByTestId('payment-options-cancel'));
    await waitForElementToBeRemoved(() => screen.queryByTestId('payment-options-dialog'));
  });

  test('picking mobile money goes to /subscription?method=mobile_money', async () => {
    api.subscriptionStatus = subscriptionStatusOf('BASIC_PLAN', { webSearches: 16 });
    await renderChat();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('payment-options-link'));
    await user.click(await screen.findByTestId('payment-options-mobile-money'));
    expect(screen.getByTestId('location')).toHaveTextContent('/subscription?method=mobile_money');
  });

  test('in French: title, warning and pay texts formatted as on the subscription page', async () => {
    api.subscriptionStatus = subscriptionStatusOf('BASIC_PLAN', { audioUploads: 4 });
    await renderChat({ language: 'fr' });
    expect(await screen.findByTestId('usage-warning-text')).toHaveTextContent(
      'Vous avez utilisé 80 % de vos envois audio ce mois-ci.',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Options de paiement' }));
    expect(await screen.findByRole('dialog', { name: 'Options de paiement' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-options-card')).toHaveTextContent('Payer 4 $ par carte bancaire');
    expect(screen.getByTestId('payment-options-mobile-money')).toHaveTextContent(
      /Payer 2\s500 ₣ par Mobile Money/,
    );
    expect(screen.getByTestId('payment-options-dialog')).toHaveTextContent(/2\s000 messages/);
  });
});
