import { OutsideFetchError } from '../search/providers/http-fetch';
import { assertPublicUrl, isPublicAddress } from './public-address';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.5',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    'not an address',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '185.15.59.224', '2a02:ec80:300:ed1a::1', '::ffff:8.8.4.4'])(
    '%s is public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('assertPublicUrl', () => {
  it('refuses loopback and private hosts, by literal address or by name', async () => {
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://[::1]/',
      'http://localhost/',
      'http://169.254.169.254/latest',
    ])
      await expect(assertPublicUrl(new URL(url))).rejects.toBeInstanceOf(OutsideFetchError);
  });

  it('lets a public literal address through', async () => {
    await expect(assertPublicUrl(new URL('https://8.8.8.8/'))).resolves.toBeUndefined();
  });
});
