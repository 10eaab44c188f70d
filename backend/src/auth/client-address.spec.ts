import { isLoopbackAddress, rateLimitAddress } from './client-address';

describe('rateLimitAddress', () => {
  it('keeps IPv4 addresses, also written IPv4-mapped', () => {
    expect(rateLimitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts IPv6 per /64, however the address is written', () => {
    const bucket = '2001:db8:85a3:42::/64';
    expect(rateLimitAddress('2001:db8:85a3:42::1')).toBe(bucket);
    expect(rateLimitAddress('2001:0DB8:85A3:0042:ffff:ffff:ffff:fffe')).toBe(bucket);
    expect(rateLimitAddress('2001:db8:85a3:42:0:0:0:9%eth0')).toBe(bucket);
    expect(rateLimitAddress('2001:db8:85a3:43::1')).not.toBe(bucket);
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('never returns an empty key', () => {
    expect(rateLimitAddress(undefined)).toBe('unknown');
    expect(rateLimitAddress('')).toBe('unknown');
  });
});

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])('%s is loopback', (ip) =>
    expect(isLoopbackAddress(ip)).toBe(true),
  );

  it.each(['10.0.0.1', '172.18.0.5', '::ffff:10.0.0.1', '2001:db8::1', '::', '128.0.0.1', '', undefined])(
    '%s is not',
    (ip) => expect(isLoopbackAddress(ip)).toBe(false),
  );
});
