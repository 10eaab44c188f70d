import { proEndingMail, usageAlertMail } from './notification-texts';

const site = { appName: 'Kasa', publicUrl: 'https://kasa.example/' };

describe('notification texts', () => {
  it('tells the usage alert in the meter units, with the reset date and the upgrade link', () => {
    const mail = usageAlertMail(site, {
      userId: 'u1',
      feature: 'voiceMinutesPerMonth',
      period: '2031-12-01',
      used: 490,
      limit: 600,
    });
    expect(mail.subject).toBe('Kasa: you have used 80 % of your Voice Minutes this month');
    expect(mail.text).toContain('You have used 8 of your 10 Voice Minutes this month (81 %).');
    expect(mail.text).toContain('resets on 1 January 2032');
    expect(mail.text).toContain('https://kasa.example/subscription');
  });

  it('dates the end of Pro in UTC and says how to renew for each payment method', () => {
    const periodEnd = new Date('2031-03-05T23:30:00.000Z');
    const card = proEndingMail({ appName: 'Kasa' }, { periodEnd, method: 'card' });
    expect(card.subject).toBe('Kasa Pro ends on 5 March 2031');
    expect(card.text).toContain('back to the Basic plan');
    expect(card.text).toContain('subscribe again: /subscription');
    expect(proEndingMail({ appName: 'Kasa' }, { periodEnd, method: 'mobile_money' }).text).toContain(
      'buy another 30-day pass: /subscription',
    );
  });
});
