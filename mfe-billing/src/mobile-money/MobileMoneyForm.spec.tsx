import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MOBILE_MONEY,
  SANDBOX,
  STATUS,
  ok,
  renderBilling,
  statusOf,
  stubApi,
} from '../testing/billing-harness';

jest.mock('./browser', () => ({ redirectTo: jest.fn() }));

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Pay ₣2,500 via Mobile Money' }));
  return screen.findByTestId('mobile-money-form');
}

const phoneField = () => screen.getByLabelText('Phone number');
const phoneErrorText = () => screen.queryByTestId('mobile-money-phone_number-error');

describe('the mobile money phone number', () => {
  test('677123456 is read as +237 677 12 34 56 as it is typed, and sent in E.164', async () => {
    const api = stubApi({
      [STATUS]: ok(statusOf('BASIC_PLAN')),
      [MOBILE_MONEY]: ok({
        success: true,
        message: 'sent',
        checkoutUrl: '/api/billing/sandbox/checkout/mm1',
      }),
    });
    renderBilling();
    await openForm();
    expect(phoneField()).toHaveAttribute('placeholder', '+237 6XX XX XX XX');

    await userEvent.type(phoneField(), '677123456');
    expect(phoneField()).toHaveAccessibleDescription('The request goes to +237 677 12 34 56');
    expect(phoneErrorText()).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Amina Bello' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'amina@example.cm' } });
    fireEvent.change(screen.getByLabelText('Network'), { target: { value: 'MTN' } });
    await userEvent.click(screen.getByRole('button', { name: 'Send payment request' }));

    await screen.findByText('Payment Request Sent!');
    expect(api.calls.find((c) => c.call === MOBILE_MONEY)?.body).toMatchObject({
      phone_number: '+237677123456',
    });
  });

  test('a number that cannot be a mobile number is said inline as it is typed, with the format; nothing is sent', async () => {
    const api = stubApi({ [STATUS]: ok(statusOf('BASIC_PLAN')) });
    renderBilling();
    await openForm();

    await userEvent.type(phoneField(), '5');
    expect(phoneErrorText()).toHaveTextContent('This is not a mobile number: enter it as 6XX XX XX XX.');
    expect(phoneField()).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(phoneField(), { target: { value: '+234 803' } });
    expect(phoneErrorText()).toHaveTextContent(
      'Mobile money payments are for +237 numbers: enter yours as 6XX XX XX XX.',
    );

    fireEvent.change(phoneField(), { target: { value: '677 12' } });
    expect(phoneErrorText()).not.toBeInTheDocument();
    fireEvent.blur(phoneField());
    expect(phoneErrorText()).toHaveTextContent('This number is too short: enter it as 6XX XX XX XX.');

    await userEvent.click(screen.getByRole('button', { name: 'Send payment request' }));
    expect(phoneErrorText()).toHaveTextContent('This number is too short');
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    expect(api.count(MOBILE_MONEY)).toBe(0);
  });

  test('in French, the format and the errors are French', async () => {
    stubApi({ [STATUS]: ok(statusOf('BASIC_PLAN')) });
    renderBilling({ language: 'fr' });
    await userEvent.click(await screen.findByTestId('pay-mobile-money'));
    const phone = await screen.findByLabelText('Numéro de téléphone');
    expect(phone).toHaveAccessibleDescription('Format : 6XX XX XX XX, avec ou sans +237 devant');
    await userEvent.type(phone, '5');
    expect(phoneErrorText()).toHaveTextContent(
      'Ce n’est pas un numéro mobile : saisissez-le sous la forme 6XX XX XX XX.',
    );
  });

  test('another configured country code reads numbers with it', async () => {
    stubApi({ [STATUS]: ok(statusOf('BASIC_PLAN')) });
    renderBilling({ payments: { ...SANDBOX, mobileMoneyCountryCode: '225' } });
    await openForm();
    fireEvent.change(phoneField(), { target: { value: '07 07 12 34 56' } });
    expect(phoneField()).toHaveAccessibleDescription('The request goes to +225 0707123456');
  });
});

describe('the mobile money networks', () => {
  test('only the networks with a route are offered (no Airtel)', async () => {
    stubApi({ [STATUS]: ok(statusOf('BASIC_PLAN')) });
    renderBilling();
    await openForm();
    const options = within(screen.getByLabelText('Network')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Choose your network',
      'MTN Mobile Money',
      'Orange Money',
    ]);
  });
});
