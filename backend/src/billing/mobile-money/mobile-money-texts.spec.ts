import { displayPhone, finishOnPage, noRoute, requestSent } from './mobile-money-texts';

describe('mobile money texts', () => {
  it('shows Cameroon numbers in groups of three, others whole', () => {
    expect(displayPhone('237650000001')).toBe('+237 650 000 001');
    expect(displayPhone('2348030000000')).toBe('+2348030000000');
  });

  it('names the price, the period and the number', () => {
    expect(requestSent('237650000001', 2500)).toBe(
      'A payment request of ₣2,500 for 30 days of Pro was sent to +237 650 000 001.',
    );
    expect(finishOnPage(12000)).toBe(
      'Finish the ₣12,000 payment on the page that opens. Pro starts as soon as the payment is confirmed.',
    );
  });

  it('says which networks do work when one has no route', () => {
    expect(noRoute('AIRTEL')).toBe(
      'Airtel Money payments are not available in Cameroon. Please choose MTN or Orange.',
    );
  });
});
