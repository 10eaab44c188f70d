// Stripe's own libraries are the boundary here (they load js.stripe.com, which tests cannot reach):
// the stand-ins answer confirmPayment the way Stripe.js does.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CREATE, SANDBOX, STATUS, renderBilling, statusOf, stubApi } from '../testing/billing-harness';

const confirmPayment = jest.fn();
const loadStripe = jest.fn((key: string) => Promise.resolve({ key, confirmPayment }));

jest.mock('@stripe/stripe-js', () => ({ loadStripe: (key: string) => loadStripe(key) }));
jest.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: React.ReactNode; options: { clientSecret: string } }) => (
    <div data-testid="stripe-elements" data-client-secret={options.clientSecret}>
      {children}
    </div>
  ),
  PaymentElement: () => <div data-testid="stripe-payment-element" />,
  useStripe: () => ({ confirmPayment }),
  useElements: () => ({ id: 'elements' }),
}));

const STRIPE = {
  ...SANDBOX,
  card: 'stripe' as const,
  stripePublishableKey: 'pk_test_123',
};

async function openCardForm() {
  stubApi({
    [STATUS]: () => ({ status: 200, body: statusOf('BASIC_PLAN') }),
    [CREATE]: () => ({ status: 201, body: { clientSecret: 'pi_123_secret_456' } }),
  });
  renderBilling({ payments: STRIPE });
  await userEvent.click(await screen.findByTestId('pay-card'));
  return screen.findByTestId('stripe-card-form');
}

afterEach(() => {
  confirmPayment.mockReset();
  delete (globalThis as { fetch?: unknown }).fetch;
});

test('engine stripe: the Payment Element opens with the client secret and the publishable key', async () => {
  await openCardForm();
  expect(screen.getByTestId('stripe-elements')).toHaveAttribute('data-client-secret', 'pi_123_secret_456');
  expect(screen.getByTestId('stripe-payment-element')).toBeInTheDocument();
  expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
  expect(screen.queryByTestId('sandbox-card-panel')).not.toBeInTheDocument();
});

test('confirmation returns to /subscription?success=true; a refusal says Payment Failed with Stripe’s message', async () => {
  confirmPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } });
  await openCardForm();
  await userEvent.click(screen.getByRole('button', { name: 'Pay $4' }));
  expect(confirmPayment).toHaveBeenCalledWith({
    elements: { id: 'elements' },
    confirmParams: { return_url: `${window.location.origin}/subscription?success=true` },
  });
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Payment Failed');
  expect(toast).toHaveTextContent('Your card was declined.');
});

test('an unexpected failure says Payment Error', async () => {
  confirmPayment.mockRejectedValue(new Error('network'));
  await openCardForm();
  await userEvent.click(screen.getByRole('button', { name: 'Pay $4' }));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Payment Error');
  expect(toast).toHaveTextContent('An unexpected error occurred');
});
