import type { AppConfig } from '../../config';
import type { User } from '../../users';
import { PaymentRefused } from '../core/payment-refused';
import type { MobileMoneyEngine, MobileMoneyRequest } from './mobile-money-engine';
import type { MobileMoneyPaymentDto } from './mobile-money.dto';
import { MobileMoneyService } from './mobile-money.service';
import { noRoute, notAMobileNumber } from './mobile-money-texts';

describe('MobileMoneyService', () => {
  const user = { id: 'user-1' } as User;
  const form = (change: Partial<MobileMoneyPaymentDto> = {}): MobileMoneyPaymentDto => ({
    phone_number: '677 12 34 56',
    network: 'MTN',
    email: 'amina@example.cm',
    full_name: 'Amina',
    ...change,
  });

  function serviceFor(countryCode: string) {
    const requests: MobileMoneyRequest[] = [];
    const engine: MobileMoneyEngine = {
      requestPayment: (request) => {
        requests.push(request);
        return Promise.resolve({ success: true, message: 'sent' });
      },
    };
    const config = { payments: { mobileMoneyCountryCode: countryCode } } as AppConfig;
    return { service: new MobileMoneyService(engine, config), requests };
  }

  it('sends the number the way the engines want it: digits with the calling code', async () => {
    const { service, requests } = serviceFor('237');
    for (const typed of ['677123456', '+237 677 12 34 56', '00237677123456', '237677123456'])
      await service.requestPayment(user, form({ phone_number: typed }));
    expect(requests.map((request) => request.phoneDigits)).toEqual(Array(4).fill('237677123456'));
    expect(requests[0]).toEqual({
      userId: 'user-1',
      phoneDigits: '237677123456',
      network: 'MTN',
      email: 'amina@example.cm',
      fullName: 'Amina',
    });
  });

  it.each(['67712345', '222123456', '+234 803 000 0000', 'call me'])(
    'refuses %j with a 400 naming the format, without asking the engine',
    (typed) => {
      const { service, requests } = serviceFor('237');
      expect(() => service.requestPayment(user, form({ phone_number: typed }))).toThrow(
        new PaymentRefused(400, 'BILLING_PHONE_INVALID', notAMobileNumber('237')),
      );
      expect(notAMobileNumber('237')).toBe(
        'Enter a mobile number of the payment country (+237) as 6XX XX XX XX, with or without +237 in front.',
      );
      expect(requests).toHaveLength(0);
    },
  );

  it('reads numbers with the configured calling code', async () => {
    const { service, requests } = serviceFor('225');
    await service.requestPayment(user, form({ phone_number: '+225 07 07 12 34 56' }));
    expect(requests[0].phoneDigits).toBe('2250707123456');
    expect(() => service.requestPayment(user, form({ phone_number: '+237 677 12 34 56' }))).toThrow(
      PaymentRefused,
    );
  });

  it('refuses a network without a route with a 400', () => {
    const { service, requests } = serviceFor('237');
    expect(() => service.requestPayment(user, form({ network: 'AIRTEL' }))).toThrow(
      new PaymentRefused(400, 'BILLING_NETWORK_UNSUPPORTED', noRoute('AIRTEL')),
    );
    expect(requests).toHaveLength(0);
  });
});
