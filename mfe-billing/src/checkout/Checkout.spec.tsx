import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { redirectTo } from '../mobile-money/browser';
import {
  CREATE,
  MOBILE_MONEY,
  STATUS,
  renderBilling,
  statusOf,
  stubApi,
  type Route,
  ok,
} from '../testing/billing-harness';

jest.mock('../mobile-money/browser', () => ({ redirectTo: jest.fn() }));

const basic = statusOf('BASIC_PLAN');

afterEach(() => {
  jest.useRealTimers();
  jest.mocked(redirectTo).mockClear();
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('card checkout', () => {
  test('sandbox: the subscription is created, the panel says no real card is charged and leads to the checkout page; Cancel closes', async () => {
    const api = stubApi({
      [STATUS]: ok(basic),
      [CREATE]: () => ({
        status: 201,
        body: { clientSecret: 'sandbox_secret_1', checkoutUrl: '/api/billing/sandbox/checkout/abc' },
      }),
    });
    renderBilling();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $4 with Credit Card' }));
    const panel = await screen.findByTestId('sandbox-card-panel');
    expect(panel).toHaveTextContent('no real card is charged');
    expect(within(panel).getByTestId('sandbox-card-continue')).toHaveAttribute(
      'href',
      '/api/billing/sandbox/checkout/abc?lang=en',
    );
    expect(api.calls.find((c) => c.call === CREATE)?.body).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('checkout-card')).not.toBeInTheDocument();
    expect(screen.getByTestId('pay-card')).toHaveAttribute('aria-pressed', 'false');
  });

  test('no client secret: Already Subscribed, and the status is fetched again', async () => {
    let status = basic;
    const api = stubApi({
      [STATUS]: () => ({ status: 200, body: status }),
      [CREATE]: () => {
        status = statusOf('PRO_PLAN');
        return { status: 201, body: {} };
      },
    });
    renderBilling();
    await userEvent.click(await screen.findByTestId('pay-card'));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Already Subscribed');
    expect(toast).toHaveTextContent('You already have an active Pro subscription');
    expect(await screen.findByTestId('pro-plan-panel')).toBeInTheDocument();
    expect(screen.getByTestId('current-plan-badge')).toHaveTextContent('Pro Plan');
    expect(api.count(STATUS)).toBe(2);
  });

  test('a failed creation says Subscription Error and closes the checkout', async () => {
    stubApi({
      [STATUS]: ok(basic),
      [CREATE]: () => ({
        status: 502,
        body: {
          statusCode: 502,
          code: 'BILLING_PROVIDER_REFUSED',
          message: 'The card payment provider refused the request. Please try again later.',
        },
      }),
    });
    renderBilling();
    await userEvent.click(await screen.findByTestId('pay-card'));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Subscription Error');
    expect(toast).toHaveTextContent('The card payment provider refused the request. Please try again later.');
    expect(screen.queryByTestId('checkout-card')).not.toBeInTheDocument();
  });
});

describe('mobile money: form, validation, toasts', () => {
  async function openForm() {
    await userEvent.click(await screen.findByRole('button', { name: 'Pay ₣2,500 via Mobile Money' }));
    return screen.findByTestId('mobile-money-form');
  }

  async function fill(values: { name?: string; email?: string; phone?: string; network?: string }) {
    if (values.name) await userEvent.type(screen.getByLabelText('Full name'), values.name);
    if (values.email) await userEvent.type(screen.getByLabelText('Email'), values.email);
    if (values.phone) await userEvent.type(screen.getByLabelText('Phone number'), values.phone);
    if (values.network) await userEvent.selectOptions(screen.getByLabelText('Network'), values.network);
  }

  const submit = () => userEvent.click(screen.getByRole('button', { name: 'Send payment request' }));
  const valid = { name: 'Amina Bello', email: 'amina@example.cm', phone: '+237 670 000 000', network: 'MTN' };

  test('every field is required; a bad email or phone says so; nothing is sent', async () => {
    const api = stubApi({ [STATUS]: ok(basic) });
    renderBilling();
    await openForm();
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
      'Format: 6XX XX XX XX, with or without +237 in front',
    );
    await submit();
    expect(screen.getByTestId('mobile-money-full_name-error')).toHaveTextContent(
      'Please enter your full name.',
    );
    expect(screen.getByTestId('mobile-money-email-error')).toHaveTextContent('Please enter your email.');
    expect(screen.getByTestId('mobile-money-phone_number-error')).toHaveTextContent(
      'Please enter your phone number.',
    );
    expect(screen.getByTestId('mobile-money-network-error')).toHaveTextContent(
      'Please choose your mobile money network.',
    );
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Please enter your full name.');

    await fill({ name: 'Amina', email: 'amina@', phone: '12ab', network: 'ORANGE' });
    await submit();
    expect(screen.getByTestId('mobile-money-email-error')).toHaveTextContent(
      'Please enter a valid email address.',
    );
    expect(screen.getByTestId('mobile-money-phone_number-error')).toHaveTextContent(
      'This is not a mobile number: enter it as 6XX XX XX XX.',
    );
    expect(screen.queryByTestId('mobile-money-full_name-error')).not.toBeInTheDocument();
    expect(screen.queryByTestId('mobile-money-network-error')).not.toBeInTheDocument();
    expect(api.count(MOBILE_MONEY)).toBe(0);
  });

  test('sandbox request: Payment Request Sent! for 8 s with the approval link; the checkout closes after 2 s; status refetched', async () => {
    const api = stubApi({
      [STATUS]: ok(basic),
      [MOBILE_MONEY]: () => ({
        status: 201,
        body: {
          success: true,
          instructions: 'Approve the payment prompt on your phone.',
          message: 'Charge initiated',
          checkoutUrl: '/api/billing/sandbox/checkout/mm1',
        },
      }),
    });
    renderBilling();
    await openForm();
    expect(screen.getByTestId('mobile-money-sandbox-note')).toHaveTextContent('no real money moves');
    await fill(valid);
    jest.useFakeTimers();
    await act(async () => {
      screen.getByRole('button', { name: 'Send payment request' }).click();
      await jest.advanceTimersByTimeAsync(0);
    });

    expect(api.calls.find((c) => c.call === MOBILE_MONEY)?.body).toEqual({
      full_name: 'Amina Bello',
      email: 'amina@example.cm',
      phone_number: '+237670000000',
      network: 'MTN',
    });
    const toast = screen.getByTestId('toast');
    expect(toast).toHaveTextContent('Payment Request Sent!');
    // The client's own words, not the answer's `instructions`.
    expect(toast).toHaveTextContent(
      'Sandbox: no request reaches a phone and no money moves. Open the sandbox approval page and approve (or decline) the payment there, as you would in the MTN Mobile Money prompt.',
    );
    expect(toast).not.toHaveTextContent('Approve the payment prompt on your phone.');
    expect(within(toast).getByRole('link', { name: 'Open the sandbox approval page' })).toHaveAttribute(
      'href',
      '/api/billing/sandbox/checkout/mm1?lang=en',
    );
    expect(screen.getByTestId('awaiting-sandbox-link')).toHaveAttribute(
      'href',
      '/api/billing/sandbox/checkout/mm1?lang=en',
    );
    expect(api.count(STATUS)).toBe(2);

    await act(() => jest.advanceTimersByTimeAsync(1999));
    expect(screen.getByTestId('checkout-card')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(screen.queryByTestId('checkout-card')).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(8000 - 2000 - 1));
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  test('a returned payment_url is followed', async () => {
    stubApi({
      [STATUS]: ok(basic),
      [MOBILE_MONEY]: ok({
        success: true,
        payment_url: 'https://checkout.example/pay/1',
        message: 'Redirect',
      }),
    });
    renderBilling();
    await openForm();
    await fill(valid);
    await submit();
    expect(redirectTo).toHaveBeenCalledWith('https://checkout.example/pay/1');
    expect(screen.queryByText('Payment Request Sent!')).not.toBeInTheDocument();
  });

  test.each<[string, ReturnType<Route>, string, string]>([
    [
      'success: false with a message',
      { status: 200, body: { success: false, message: 'Charge refused' } },
      'Payment Failed',
      'Charge refused',
    ],
    [
      'success: false without one',
      { status: 200, body: { success: false, message: '' } },
      'Payment Failed',
      'Unable to initiate payment',
    ],
    [
      'a refusal the server explains',
      {
        status: 400,
        body: {
          success: false,
          message: 'The mobile money provider refused the payment: Invalid phone number for network',
          code: 'BILLING_MOBILE_MONEY_REFUSED',
        },
      },
      'Payment Failed',
      'The mobile money provider refused the payment: Invalid phone number for network',
    ],
    [
      'the provider down',
      {
        status: 502,
        body: {
          success: false,
          message: 'Mobile money payments are unavailable right now. Please try again later.',
          code: 'BILLING_MOBILE_MONEY_UNAVAILABLE',
        },
      },
      'Payment Error',
      'Mobile money payments are unavailable right now. Please try again later.',
    ],
    [
      'a server fault',
      {
        status: 500,
        body: {
          statusCode: 500,
          code: 'INTERNAL_ERROR',
          message: 'Something went wrong on our side. Please try again.',
        },
      },
      'Payment Error',
      'Something went wrong on our side. Please try again.',
    ],
    [
      'a server fault without a body',
      { status: 500 },
      'Payment Error',
      'Unable to process payment. Please try again.',
    ],
    [
      'no connection',
      new TypeError('Failed to fetch'),
      'Payment Error',
      'Unable to process payment. Please try again.',
    ],
  ])('%s → %s', async (_case, answer, title, description) => {
    stubApi({ [STATUS]: ok(basic), [MOBILE_MONEY]: () => answer });
    renderBilling();
    await openForm();
    await fill(valid);
    await submit();
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent(title);
    expect(toast).toHaveTextContent(description);
    expect(screen.getByTestId('checkout-card')).toBeInTheDocument();
  });

  describe('in French', () => {
    async function openFrenchForm() {
      await userEvent.click(await screen.findByRole('button', { name: /Mobile Money/ }));
      return screen.findByTestId('mobile-money-form');
    }

    async function fillFrench() {
      await userEvent.type(screen.getByLabelText('Nom complet'), valid.name);
      await userEvent.type(screen.getByLabelText('E-mail'), valid.email);
      await userEvent.type(screen.getByLabelText('Numéro de téléphone'), valid.phone);
      await userEvent.selectOptions(screen.getByLabelText('Réseau'), valid.network);
      await userEvent.click(screen.getByTestId('mobile-money-submit'));
    }

    test('the sandbox request says what to do in French, not the answer’s English', async () => {
      stubApi({
        [STATUS]: ok(basic),
        [MOBILE_MONEY]: () => ({
          status: 201,
          body: {
            success: true,
            instructions:
              'Sandbox: no request reaches a phone and no money moves. Open the sandbox checkout page and approve (or decline) the ₣2,500 payment there, as you would in the MTN prompt.',
            message: 'A payment request of ₣2,500 for 30 days of Pro was sent to +237 670 000 000.',
            checkoutUrl: '/api/billing/sandbox/checkout/mm1',
          },
        }),
      });
      renderBilling({ language: 'fr' });
      await openFrenchForm();
      await fillFrench();
      const toast = await screen.findByTestId('toast');
      expect(toast).toHaveTextContent('Demande de paiement envoyée !');
      expect(toast).toHaveTextContent(
        "Bac à sable : aucune demande n'atteint un téléphone et aucun argent n'est transféré.",
      );
      expect(toast).not.toHaveTextContent('Sandbox: no request');
      // The server-rendered approval page is asked for in the app's language.
      expect(
        within(toast).getByRole('link', { name: "Ouvrir la page d'approbation de test" }),
      ).toHaveAttribute('href', '/api/billing/sandbox/checkout/mm1?lang=fr');
    });

    test.each<[string, ReturnType<Route>, string]>([
      [
        'BILLING_MOBILE_MONEY_REFUSED',
        {
          status: 400,
          body: {
            success: false,
            message: 'The mobile money provider refused the payment: Invalid phone number for network',
            code: 'BILLING_MOBILE_MONEY_REFUSED',
          },
        },
        'Le prestataire de mobile money a refusé le paiement.',
      ],
      [
        'BILLING_MOBILE_MONEY_UNAVAILABLE',
        {
          status: 502,
          body: {
            success: false,
            message: 'Mobile money payments are unavailable right now. Please try again later.',
            code: 'BILLING_MOBILE_MONEY_UNAVAILABLE',
          },
        },
        'Les paiements mobile money sont indisponibles pour le moment. Veuillez réessayer plus tard.',
      ],
      [
        'BILLING_PHONE_INVALID',
        {
          status: 400,
          body: {
            statusCode: 400,
            message: 'Enter a mobile number of the payment country (+237) as 6XX XX XX XX.',
            code: 'BILLING_PHONE_INVALID',
          },
        },
        'Ce numéro n’est pas un numéro mobile money du pays de paiement',
      ],
    ])('%s reads in French', async (_code, answer, french) => {
      stubApi({ [STATUS]: ok(basic), [MOBILE_MONEY]: () => answer });
      renderBilling({ language: 'fr' });
      await openFrenchForm();
      await fillFrench();
      const toast = await screen.findByTestId('toast');
      expect(toast).toHaveTextContent(french);
      expect(toast).not.toHaveTextContent(/provider|payments|Enter a mobile/);
    });
  });

  test('the email of the signed-in user is filled in', async () => {
    stubApi({ [STATUS]: ok(basic) });
    const { queryClient } = renderBilling();
    queryClient.setQueryData(['/api/auth/user'], { id: 'u1', username: 'amina', email: 'amina@example.cm' });
    await openForm();
    expect(screen.getByLabelText('Email')).toHaveValue('amina@example.cm');
  });
});
