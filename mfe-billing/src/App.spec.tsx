import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CANCEL, STATUS, renderBilling, statusOf, stubApi, type Route, ok } from './testing/billing-harness';

const basic = statusOf('BASIC_PLAN', {
  messages: 40,
  mediaGenerations: 5,
  voiceMinutes: 185,
  audioUploads: 1,
});

afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('the subscription page', () => {
  test('header: product name, theme toggle, Get Pro, the username, Back to Chat, Logout', async () => {
    stubApi({ [STATUS]: ok(basic) });
    renderBilling();
    expect(await screen.findByTestId('current-plan-badge')).toHaveTextContent('Basic Plan');
    expect(screen.getByRole('link', { name: 'Kasa' })).toHaveAttribute('href', '/');
    expect(screen.getAllByTestId('theme-toggle').length).toBeGreaterThan(0);
    expect(screen.getByTestId('logout-button')).toHaveTextContent('Logout');
    expect(screen.getByTestId('billing-username')).toHaveTextContent('amina');
    expect(screen.getByTestId('get-pro-link')).toHaveAttribute('href', '/payments');
    expect(screen.getByTestId('back-to-chat')).toHaveAttribute('href', '/chat');
  });

  test('without a session the header names USER', async () => {
    stubApi({ [STATUS]: ok(basic) });
    renderBilling({ username: null });
    expect(await screen.findByTestId('billing-username')).toHaveTextContent('USER');
  });

  test('five meters: numbers, bars, Approaching limit at 80 %, Limit reached at 100 %, voice in minutes', async () => {
    stubApi({ [STATUS]: ok(basic) });
    renderBilling();
    const meter = async (feature: string) => screen.findByTestId(`usage-meter-${feature}`);

    const messages = await meter('messagesPerMonth');
    expect(messages).toHaveTextContent('Messages40 / 50');
    expect(messages).toHaveTextContent('Approaching limit');
    expect(within(messages).getByRole('progressbar', { name: 'Messages' })).toHaveAttribute(
      'aria-valuenow',
      '80',
    );

    const media = await meter('mediaGenerationsPerMonth');
    expect(media).toHaveTextContent('Media Generation5 / 5');
    expect(media).toHaveTextContent('Limit reached');
    expect(media).not.toHaveTextContent('Approaching limit');

    // 185 s of 600 s: 3 of 10 minutes, rounded down.
    const voice = await meter('voiceMinutesPerMonth');
    expect(voice).toHaveTextContent('Voice Minutes3 / 10');
    expect(voice).toHaveAttribute('data-level', 'normal');
    expect(voice).not.toHaveTextContent(/limit/i);

    expect(await meter('audioUploadsPerMonth')).toHaveTextContent('Audio Uploads1 / 5');
    expect(await meter('webSearchesPerMonth')).toHaveTextContent('Web Searches0 / 20');
    expect(screen.getByTestId('canvas-language-card')).toHaveTextContent(
      'Canvas & language tool: Unlimited Access',
    );
    expect(screen.getByTestId('usage-overview')).toHaveTextContent(
      'Counters start again on 1 February 2026.',
    );
  });

  test('an unlimited limit reads Unlimited, with no bar', async () => {
    stubApi({ [STATUS]: ok(statusOf('PRO_PLAN', { webSearches: 1321, messages: 1500 })) });
    renderBilling();
    const searches = await screen.findByTestId('usage-meter-webSearchesPerMonth');
    expect(searches).toHaveTextContent('Web SearchesUnlimited');
    expect(searches).toHaveTextContent('1,321 used');
    expect(screen.getByTestId('usage-meter-messagesPerMonth')).toHaveTextContent('Messages1,500 / 2,000');
    expect(within(searches).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  test('Basic vs Pro from the plan table, Current Plan on Basic, and the two pay buttons', async () => {
    stubApi({ [STATUS]: ok(basic) });
    renderBilling();
    const basicCard = await screen.findByTestId('plan-card-BASIC_PLAN');
    const proCard = screen.getByTestId('plan-card-PRO_PLAN');
    expect(basicCard).toHaveTextContent('Current Plan');
    expect(proCard).not.toHaveTextContent('Current Plan');
    expect(basicCard).toHaveTextContent('Free');
    expect(basicCard).toHaveTextContent('50 messages per month');
    expect(basicCard).toHaveTextContent('10 voice minutes per month');
    expect(basicCard).toHaveTextContent('Support: email only');
    expect(proCard).toHaveTextContent('$4/month by card or ₣2,500/month by mobile money');
    expect(proCard).toHaveTextContent('2,000 messages per month');
    expect(proCard).toHaveTextContent('300 voice minutes per month');
    expect(proCard).toHaveTextContent('Unlimited web searches');
    expect(proCard).toHaveTextContent('Support: priority WhatsApp/phone');

    expect(screen.getByTestId('pay-card')).toHaveTextContent('Pay $4 with Credit Card');
    expect(screen.getByTestId('pay-mobile-money')).toHaveTextContent('Pay ₣2,500 via Mobile Money');
    expect(screen.queryByTestId('cancel-subscription')).not.toBeInTheDocument();
  });

  test('help card and links to /account and /chat', async () => {
    stubApi({ [STATUS]: ok(basic) });
    renderBilling();
    const help = await screen.findByTestId('help-card');
    expect(help).toHaveTextContent('Basic: email support');
    expect(help).toHaveTextContent('Pro: priority WhatsApp/phone support');
    expect(within(help).getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/account');
    expect(within(help).getByRole('link', { name: 'Back to Chat' })).toHaveAttribute('href', '/chat');
  });

  test('the status refreshes every 30 seconds', async () => {
    jest.useFakeTimers();
    const api = stubApi({ [STATUS]: ok(basic) });
    renderBilling();
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(api.count(STATUS)).toBe(1);
    await act(() => jest.advanceTimersByTimeAsync(29_999));
    expect(api.count(STATUS)).toBe(1);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(api.count(STATUS)).toBe(2);
  });

  test('a status that cannot load shows a retry that really retries', async () => {
    let answer: ReturnType<Route> = new TypeError('Failed to fetch');
    const api = stubApi({ [STATUS]: () => answer });
    renderBilling();
    const retry = await screen.findByTestId('billing-status-retry');
    answer = { status: 200, body: basic };
    await userEvent.click(retry);
    expect(await screen.findByTestId('current-plan-badge')).toHaveTextContent('Basic Plan');
    expect(api.count(STATUS)).toBe(2);
  });

  test('/payments shows the plan choice and payment options, without the usage overview', async () => {
    stubApi({ [STATUS]: ok(basic) });
    renderBilling({ path: '/payments' });
    expect(await screen.findByTestId('plan-comparison')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(screen.getByTestId('pay-card')).toBeInTheDocument();
    expect(screen.getByTestId('pay-mobile-money')).toBeInTheDocument();
    expect(screen.queryByTestId('usage-overview')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscription' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('on Pro', () => {
  const renewing = {
    method: 'card' as const,
    provider: 'sandbox' as const,
    currentPeriodEnd: '2026-02-14T10:00:00.000Z',
    cancelAtPeriodEnd: false,
    cancellable: true,
  };

  test('Current Plan badge and Cancel Subscription → Subscription Cancelled, status fetched again', async () => {
    let status = statusOf('PRO_PLAN', {}, renewing);
    const api = stubApi({
      [STATUS]: () => ({ status: 200, body: status }),
      [CANCEL]: () => {
        status = statusOf('PRO_PLAN', {}, { ...renewing, cancelAtPeriodEnd: true });
        return {
          status: 201,
          body: { cancelAtPeriodEnd: true, currentPeriodEnd: renewing.currentPeriodEnd },
        };
      },
    });
    renderBilling();
    expect(await screen.findByTestId('current-plan-badge')).toHaveTextContent('Pro Plan');
    expect(screen.getByTestId('pro-current-plan')).toHaveTextContent('Current Plan');
    expect(screen.getByTestId('pro-period')).toHaveTextContent('Your Pro plan renews on 14 February 2026.');
    expect(screen.queryByTestId('pay-card')).not.toBeInTheDocument();
    expect(screen.queryByTestId('get-pro-link')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Subscription Cancelled');
    expect(toast).toHaveTextContent('Your subscription will end at the current billing period');
    expect(await screen.findByText('Your Pro plan ends on 14 February 2026.')).toBeInTheDocument();
    expect(screen.queryByTestId('cancel-subscription')).not.toBeInTheDocument();
    expect(api.count(CANCEL)).toBe(1);
    expect(api.count(STATUS)).toBe(2);
  });

  const alreadyCancelled: Route = () => ({
    status: 409,
    body: {
      statusCode: 409,
      code: 'BILLING_ALREADY_CANCELLED',
      message: 'Your subscription is already cancelled: Pro ends on 2026-02-14.',
    },
  });

  test('a failed cancellation says Cancellation Error with the error', async () => {
    stubApi({ [STATUS]: ok(statusOf('PRO_PLAN', {}, renewing)), [CANCEL]: alreadyCancelled });
    renderBilling();
    await userEvent.click(await screen.findByTestId('cancel-subscription'));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Cancellation Error');
    // The date is in the server's words only: they are the text.
    expect(toast).toHaveTextContent('Your subscription is already cancelled: Pro ends on 2026-02-14.');
  });

  test('in French the failed cancellation reads in French', async () => {
    stubApi({ [STATUS]: ok(statusOf('PRO_PLAN', {}, renewing)), [CANCEL]: alreadyCancelled });
    renderBilling({ language: 'fr' });
    await userEvent.click(await screen.findByTestId('cancel-subscription'));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Erreur de résiliation');
    expect(toast).toHaveTextContent(
      "Votre abonnement est déjà résilié : Pro reste actif jusqu'à la fin de la période payée.",
    );
  });

  test('a mobile-money pass cannot be cancelled; it shows until when it runs', async () => {
    stubApi({
      [STATUS]: ok(
        statusOf(
          'PRO_PLAN',
          {},
          { ...renewing, method: 'mobile_money', provider: 'flutterwave', cancellable: false },
        ),
      ),
    });
    renderBilling();
    expect(await screen.findByTestId('pro-period')).toHaveTextContent(
      'Your Pro pass runs until 14 February 2026.',
    );
    expect(screen.queryByTestId('cancel-subscription')).not.toBeInTheDocument();
    expect(screen.getByTestId('plan-card-PRO_PLAN')).toHaveTextContent('Current Plan');
  });
});

describe('back from a checkout', () => {
  test('?success=true says Welcome to Pro! and leaves the address bar', async () => {
    stubApi({ [STATUS]: ok(statusOf('PRO_PLAN')) });
    renderBilling({ path: '/subscription?success=true' });
    expect(await screen.findByTestId('toast')).toHaveTextContent('Welcome to Pro!');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/subscription$/));
  });

  test('?payment=declined says Payment Failed', async () => {
    stubApi({ [STATUS]: ok(basic) });
    renderBilling({ path: '/subscription?payment=declined' });
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Payment Failed');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/subscription$/));
  });

  test('a plain visit shows no toast', async () => {
    stubApi({ [STATUS]: ok(basic) });
    renderBilling();
    await screen.findByTestId('current-plan-badge');
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });
});

test('speaks French', async () => {
  stubApi({ [STATUS]: ok(basic) });
  renderBilling({ language: 'fr' });
  expect(await screen.findByTestId('current-plan-badge')).toHaveTextContent('Forfait Basic');
  expect(screen.getByRole('heading', { level: 1, name: 'Abonnement et crédits' })).toBeInTheDocument();
  expect(screen.getByTestId('usage-meter-messagesPerMonth')).toHaveTextContent('Limite bientôt atteinte');
  expect(screen.getByTestId('pay-card')).toHaveTextContent('Payer 4 $ par carte bancaire');
  expect(screen.getByTestId('pay-mobile-money')).toHaveTextContent(/Payer 2\s500 ₣ par Mobile Money/);
  expect(screen.getByTestId('canvas-language-card')).toHaveTextContent(
    'Canevas et outil linguistique : Accès illimité',
  );
  expect(screen.getByRole('link', { name: 'Abonnement' })).toHaveAttribute('aria-current', 'page');
});
