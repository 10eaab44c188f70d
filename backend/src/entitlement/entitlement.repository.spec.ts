import { toEntitlement } from './entitlement.repository';

describe('toEntitlement', () => {
  const end = new Date('2031-02-01T00:00:00.000Z');

  it('is Basic without a covering Pro period', () => {
    expect(toEntitlement(undefined)).toEqual({ plan: 'BASIC_PLAN', subscription: null });
  });

  it('is Pro with the period, a running card subscription being cancellable', () => {
    expect(
      toEntitlement({
        method: 'card',
        provider: 'stripe',
        current_period_end: end,
        cancel_at_period_end: false,
      }),
    ).toEqual({
      plan: 'PRO_PLAN',
      subscription: {
        method: 'card',
        provider: 'stripe',
        currentPeriodEnd: '2031-02-01T00:00:00.000Z',
        cancelAtPeriodEnd: false,
        cancellable: true,
      },
    });
  });

  it('does not offer to cancel a card subscription already ending, nor a mobile-money pass', () => {
    const ending = toEntitlement({
      method: 'card',
      provider: 'stripe',
      current_period_end: end,
      cancel_at_period_end: true,
    });
    expect(ending.subscription).toMatchObject({ cancelAtPeriodEnd: true, cancellable: false });
    const pass = toEntitlement({
      method: 'mobile_money',
      provider: 'flutterwave',
      current_period_end: end,
      cancel_at_period_end: false,
    });
    expect(pass.subscription).toMatchObject({ method: 'mobile_money', cancellable: false });
  });
});
