import { ApiException } from '../../common';
import { sameSecret } from './flutterwave-webhook.guard';
import { completedChargeId } from './flutterwave-webhook.service';

describe('sameSecret', () => {
  it('accepts the exact secret only, whatever the lengths', () => {
    expect(sameSecret('kasa-hash', 'kasa-hash')).toBe(true);
    expect(sameSecret('kasa-has', 'kasa-hash')).toBe(false);
    expect(sameSecret('kasa-hash-longer', 'kasa-hash')).toBe(false);
    expect(sameSecret('', 'kasa-hash')).toBe(false);
  });
});

describe('completedChargeId', () => {
  it('reads the transaction id of a charge.completed webhook', () => {
    expect(completedChargeId({ event: 'charge.completed', data: { id: 4000001 } })).toBe('4000001');
    expect(completedChargeId({ event: 'charge.completed', data: { id: '4000001' } })).toBe('4000001');
  });

  it('has nothing to say about other events', () => {
    expect(completedChargeId({ event: 'transfer.completed', data: { id: 1 } })).toBeNull();
    expect(completedChargeId(null)).toBeNull();
  });

  it('refuses a charge without a numeric id (it becomes part of a URL)', () => {
    for (const id of [undefined, '12/../balances', 1.5, -3, 'abc']) {
      let thrown: unknown;
      try {
        completedChargeId({ event: 'charge.completed', data: { id } });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ApiException);
      expect((thrown as ApiException).getStatus()).toBe(400);
      expect((thrown as ApiException).getResponse()).toMatchObject({ code: 'BILLING_WEBHOOK_INVALID' });
    }
  });
});
