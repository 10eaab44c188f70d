import { screen, within } from '@testing-library/react';
import type { BillingRecord } from '@kasa/contracts';
import { HISTORY, STATUS, ok, renderAccount, statusOf, stubApi } from '../testing/account-harness';

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

const paid: BillingRecord = {
  id: 'p1',
  date: '2026-11-02T08:30:00.000Z',
  method: 'mobile_money',
  provider: 'sandbox',
  amount: 2500,
  currency: 'XAF',
  status: 'paid',
  periodStart: '2026-11-02T08:30:00.000Z',
  periodEnd: '2026-12-02T08:30:00.000Z',
};

test("Basic: plan type, 'Free', and exactly 'No billing history available'", async () => {
  stubApi({ [STATUS]: ok(statusOf('BASIC_PLAN')), [HISTORY]: ok({ payments: [] }) });
  renderAccount({ tab: 'subscription' });
  expect(await screen.findByTestId('account-plan-type')).toHaveTextContent('Basic');
  expect(screen.getByTestId('account-plan-cost')).toHaveTextContent('Free');
  expect(screen.queryByTestId('account-plan-period')).not.toBeInTheDocument();
  expect(await screen.findByTestId('billing-history-empty')).toHaveTextContent(
    /^No billing history available$/,
  );
  expect(screen.getByTestId('account-manage-subscription')).toHaveAttribute('href', '/subscription');
});

test('Pro by mobile money: ₣2,500/month, the end date, and the payment in the history', async () => {
  const status = statusOf(
    'PRO_PLAN',
    {},
    {
      method: 'mobile_money',
      provider: 'sandbox',
      currentPeriodEnd: '2026-12-02T08:30:00.000Z',
      cancelAtPeriodEnd: false,
      cancellable: false,
    },
  );
  const refused: BillingRecord = {
    ...paid,
    id: 'p0',
    date: '2026-11-01T08:00:00.000Z',
    status: 'failed',
    periodStart: null,
    periodEnd: null,
  };
  stubApi({ [STATUS]: ok(status), [HISTORY]: ok({ payments: [paid, refused] }) });
  renderAccount({ tab: 'subscription' });
  expect(await screen.findByTestId('account-plan-type')).toHaveTextContent('Pro');
  expect(screen.getByTestId('account-plan-cost')).toHaveTextContent('₣2,500/month');
  // A mobile-money pass never renews.
  expect(screen.getByTestId('account-plan-period')).toHaveTextContent('Ends on 2 December 2026');

  const table = await screen.findByTestId('billing-history');
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Date', 'Method', 'Amount', 'Status', 'Period']);
  const [first, second] = within(table).getAllByTestId('billing-history-row');
  expect(
    within(first)
      .getAllByRole('cell')
      .map((td) => td.textContent),
  ).toEqual(['2 November 2026', 'Mobile money', '₣2,500', 'Paid', '2 November 2026 – 2 December 2026']);
  // Each cell carries its column name: on a phone the row stacks as 'Amount ₣2,500'.
  expect(within(first).getAllByRole('cell')[2]).toHaveAttribute('data-label', 'Amount');
  expect(second).toHaveTextContent('Failed');
  expect(second).toHaveTextContent('—');
});

test('Pro by card, renewing: $4/month and Renews on', async () => {
  const card = {
    method: 'card' as const,
    provider: 'stripe' as const,
    currentPeriodEnd: '2026-12-10T00:00:00.000Z',
    cancelAtPeriodEnd: false,
    cancellable: true,
  };
  stubApi({
    [STATUS]: ok(statusOf('PRO_PLAN', {}, card)),
    [HISTORY]: ok({
      payments: [{ ...paid, method: 'card', provider: 'stripe', amount: 4, currency: 'USD' }],
    }),
  });
  renderAccount({ tab: 'subscription' });
  expect(await screen.findByTestId('account-plan-cost')).toHaveTextContent('$4/month');
  expect(screen.getByTestId('account-plan-period')).toHaveTextContent('Renews on 10 December 2026');
  expect(await screen.findByTestId('billing-history-row')).toHaveTextContent('Card');
  expect(screen.getByTestId('billing-history-row')).toHaveTextContent('$4');
});

test('in French: cost per month and the history in French', async () => {
  stubApi({
    [STATUS]: ok(statusOf('BASIC_PLAN')),
    [HISTORY]: ok({ payments: [paid] }),
  });
  renderAccount({ tab: 'subscription', language: 'fr' });
  expect(await screen.findByTestId('account-plan-cost')).toHaveTextContent('Gratuit');
  expect(await screen.findByTestId('billing-history-row')).toHaveTextContent('Payé');
});
