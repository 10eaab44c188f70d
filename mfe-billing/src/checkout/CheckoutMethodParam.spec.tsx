// /subscription?method=card|mobile_money (the chat's Payment Options dialog links here): that
// checkout opens as if its pay button was pressed, and the parameter leaves the address bar.
import { act, screen, waitFor } from '@testing-library/react';
import { CREATE, STATUS, renderBilling, statusOf, stubApi, ok } from '../testing/billing-harness';

const location = () => screen.getByTestId('location').textContent;

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

test('?method=mobile_money on Basic opens the mobile money form; the parameter is replaced away', async () => {
  const api = stubApi({ [STATUS]: ok(statusOf('BASIC_PLAN', { messages: 45 })) });
  renderBilling({ path: '/subscription?method=mobile_money' });
  expect(await screen.findByTestId('mobile-money-form')).toBeInTheDocument();
  expect(screen.getByTestId('checkout-card')).toHaveTextContent('Mobile money payment');
  expect(screen.getByTestId('pay-mobile-money')).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByTestId('pay-card')).toHaveAttribute('aria-pressed', 'false');
  await waitFor(() => expect(location()).toBe('/subscription'));
  expect(api.count(CREATE)).toBe(0);
  // The usage overview is still there: only the checkout opened.
  expect(screen.getByTestId('usage-meter-messagesPerMonth')).toBeInTheDocument();
});

test('?method=card starts the card checkout: the subscription is created once, as by the pay button', async () => {
  const api = stubApi({
    [STATUS]: ok(statusOf('BASIC_PLAN')),
    [CREATE]: () => ({
      status: 201,
      body: { clientSecret: 'sandbox_secret_1', checkoutUrl: '/api/billing/sandbox/checkout/abc' },
    }),
  });
  renderBilling({ path: '/subscription?method=card' });
  expect(await screen.findByTestId('sandbox-card-panel')).toBeInTheDocument();
  expect(screen.getByTestId('pay-card')).toHaveAttribute('aria-pressed', 'true');
  await waitFor(() => expect(location()).toBe('/subscription'));
  await act(async () => undefined);
  expect(api.count(CREATE)).toBe(1);
});

test('on Pro the parameter is ignored: no checkout, no subscription created', async () => {
  const api = stubApi({ [STATUS]: ok(statusOf('PRO_PLAN')), [CREATE]: ok({}) });
  renderBilling({ path: '/subscription?method=card' });
  expect(await screen.findByTestId('pro-plan-panel')).toBeInTheDocument();
  await act(async () => undefined);
  expect(screen.queryByTestId('checkout-card')).not.toBeInTheDocument();
  expect(screen.queryByTestId('pay-card')).not.toBeInTheDocument();
  expect(api.count(CREATE)).toBe(0);
});

test('an unknown method opens nothing and is dropped; other parameters and /payments are kept', async () => {
  const api = stubApi({ [STATUS]: ok(statusOf('BASIC_PLAN')) });
  renderBilling({ path: '/payments?method=bitcoin&ref=chat' });
  expect(await screen.findByTestId('pay-card')).toBeInTheDocument();
  await waitFor(() => expect(location()).toBe('/payments?ref=chat'));
  expect(screen.queryByTestId('checkout-card')).not.toBeInTheDocument();
  expect(api.count(CREATE)).toBe(0);
});

test('/payments?method=mobile_money opens the form on the payments page too', async () => {
  stubApi({ [STATUS]: ok(statusOf('BASIC_PLAN')) });
  renderBilling({ path: '/payments?method=mobile_money' });
  expect(await screen.findByTestId('mobile-money-form')).toBeInTheDocument();
  await waitFor(() => expect(location()).toBe('/payments'));
});
