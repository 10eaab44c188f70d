import { toMajorUnits, toMinorUnits } from './payment-amount';

describe('payment amounts', () => {
  it('stores USD in cents and XAF as it is (no minor unit)', () => {
    expect(toMinorUnits(4, 'USD')).toBe(400);
    expect(toMinorUnits(4.5, 'usd')).toBe(450);
    expect(toMinorUnits(2500, 'XAF')).toBe(2500);
    expect(toMinorUnits(2500, 'xof')).toBe(2500);
  });

  it('rounds to a whole minor unit and never goes below zero', () => {
    expect(toMinorUnits(4.005, 'USD')).toBe(401);
    expect(toMinorUnits(0.1 + 0.2, 'USD')).toBe(30);
    expect(toMinorUnits(-3, 'USD')).toBe(0);
    expect(toMinorUnits(Number.NaN, 'XAF')).toBe(0);
  });

  it('shows minor units back in the major unit', () => {
    expect(toMajorUnits(400, 'USD')).toBe(4);
    expect(toMajorUnits(450, 'EUR')).toBe(4.5);
    expect(toMajorUnits(2500, 'XAF')).toBe(2500);
  });
});
