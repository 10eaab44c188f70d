import { emailChangedNotice, twoFactorLockedNotice } from './security-notices';

const site = { appName: 'Kasa', publicUrl: 'https://kasa.example/' };
const at = new Date('2031-02-01T08:05:00.000Z');

describe('security notices', () => {
  it('tells the replaced address where the codes go now, masked, and what to do if it was not the owner', () => {
    const notice = emailChangedNotice(site, { username: 'amina', newEmailHint: 'n***@example.com', at });
    expect(notice.subject).toBe('Your Kasa e-mail address was changed');
    expect(notice.text).toContain(
      'changed on 1 February 2031 (UTC 08:05): password reset codes now go to n***@example.com',
    );
    expect(notice.text).toContain('https://kasa.example/account');
  });

  it('says when the address was removed', () => {
    const notice = emailChangedNotice({ appName: 'Kasa' }, { username: 'amina', newEmailHint: null, at });
    expect(notice.subject).toBe('Your Kasa e-mail address was removed');
    expect(notice.text).toContain('the account no longer has an e-mail address');
    expect(notice.text).toContain('Account page (/account)');
  });

  it('gives the lock, its length and the unlock link', () => {
    const notice = twoFactorLockedNotice(site, {
      username: 'amina',
      failures: 10,
      lockMinutes: 15,
      unlockUrl: 'https://kasa.example/api/auth/two-factor/unlock/abc',
    });
    expect(notice.subject).toBe('Kasa: two-factor sign-in locked after 10 wrong codes');
    expect(notice.text).toContain('locked for 15 minutes');
    expect(notice.text).toContain('\nhttps://kasa.example/api/auth/two-factor/unlock/abc');
  });
});
