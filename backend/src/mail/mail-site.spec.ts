import { mailDate, siteLink } from './mail-site';

describe('mail site', () => {
  it('makes links absolute under PUBLIC_URL (one slash between), else leaves the app path', () => {
    expect(siteLink({ appName: 'Kasa', publicUrl: 'https://kasa.example//' }, '/account')).toBe(
      'https://kasa.example/account',
    );
    expect(siteLink({ appName: 'Kasa' }, '/account')).toBe('/account');
  });

  it('writes dates day, month name, year, in UTC', () => {
    expect(mailDate(new Date('2031-02-01T23:30:00Z'))).toBe('1 February 2031');
  });
});
