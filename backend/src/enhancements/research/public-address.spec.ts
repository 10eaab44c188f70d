import type { LookupAddress } from 'node:dns';
import { OutsideFetchError } from '../search/providers/http-fetch';
import { assertPublicUrl, isPublicAddress, publicAddressLookup } from './public-address';

describe('isPublicAddress', () => {
  it.each([
    // IPv4 special-purpose ranges (IANA's IPv4 special-purpose address registry)
    ['0.0.0.0', 'this network'],
    ['0.1.2.3', 'this network'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation (TEST-NET-1)'],
    ['198.51.100.7', 'documentation (TEST-NET-2)'],
    ['203.0.113.9', 'documentation (TEST-NET-3)'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.254', 'benchmarking'],
    ['192.175.48.1', 'AS112 DNS sink'],
    ['192.52.193.1', 'AMT'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    // IPv6 special-purpose ranges
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['fec0::1', 'site-local (deprecated)'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['ff02::1', 'multicast'],
    ['100::1', 'discard-only'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001:2::1', 'benchmarking'],
    ['2001:3::1', 'AMT'],
    ['2001:4:112::1', 'AS112'],
    ['2001:10::1', 'ORCHID'],
    ['2001:20::1', 'ORCHIDv2'],
    ['2001:30::1', 'drone remote ID'],
    ['5f00::1', 'segment routing'],
    ['4000::1', 'outside global unicast (2000::/3)'],
    ['64:ff9b:1::808:808', 'local-use NAT64'],
    // IPv4 addresses written as IPv6: the embedded IPv4 address decides
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, in hex'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::7f00:1', 'IPv4-compatible loopback'],
    ['::a9fe:a9fe', 'IPv4-compatible metadata'],
    ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
    ['::ffff:0:a9fe:a9fe', 'IPv4-translated metadata'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::169.254.169.254', 'NAT64 of metadata'],
    ['64:ff9b::c0a8:101', 'NAT64 of a private address'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2002:a9fe:a9fe::1', '6to4 of metadata'],
    ['2002:c0a8:101::1', '6to4 of a private address'],
    ['2002::1', '6to4 of 0.0.0.0'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo whose client is 127.0.0.1'],
    ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'Teredo whose server is 10.0.0.1'],
    ['2001::1', 'Teredo of 0.0.0.0'],
    // Not an address, or not written the one standard way
    ['not an address', 'garbage'],
    ['', 'empty'],
    ['0177.0.0.1', 'octal IPv4'],
    ['127.1', 'short IPv4'],
    ['0x7f000001', 'hexadecimal IPv4'],
  ])('%s is not public (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '185.15.59.224',
    '2a02:ec80:300:ed1a::1',
    '2606:4700:4700::1111',
    '::ffff:8.8.4.4',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('assertPublicUrl', () => {
  it('refuses a URL whose host is an address that is not public', async () => {
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://[::1]/',
      'http://[::ffff:7f00:1]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://169.254.169.254/latest',
      'http://0177.0.0.1/',
      'http://2130706433/',
    ])
      await expect(assertPublicUrl(new URL(url))).rejects.toBeInstanceOf(OutsideFetchError);
  });

  it('lets a public literal address through', async () => {
    await expect(assertPublicUrl(new URL('https://8.8.8.8/'))).resolves.toBeUndefined();
  });
});

/** How net.connect calls a `lookup`: `all` when it tries every address (autoSelectFamily). */
function lookUp(
  lookup: ReturnType<typeof publicAddressLookup>,
  hostname: string,
  all: boolean,
): Promise<{ error: Error | null; found: unknown[] }> {
  return new Promise((resolve) => {
    lookup(hostname, { all }, (error: Error | null, ...found: unknown[]) => resolve({ error, found }));
  });
}

describe('publicAddressLookup (the addresses connections are opened to)', () => {
  it('hands the connection exactly the public addresses it checked', async () => {
    const resolve = async (): Promise<LookupAddress[]> => [
      { address: '8.8.8.8', family: 4 },
      { address: '2001:4860:4860::8888', family: 6 },
    ];
    const lookup = publicAddressLookup(resolve);
    await expect(lookUp(lookup, 'dns.example', true)).resolves.toEqual({
      error: null,
      found: [
        [
          { address: '8.8.8.8', family: 4 },
          { address: '2001:4860:4860::8888', family: 6 },
        ],
      ],
    });
    await expect(lookUp(lookup, 'dns.example', false)).resolves.toEqual({
      error: null,
      found: ['8.8.8.8', 4],
    });
  });

  it('checks the answer each connection uses: a name that turns to loopback after a check is refused', async () => {
    // DNS rebinding: the first answer is public, every later one points at this machine.
    const answers: string[] = [];
    const resolve = async (): Promise<LookupAddress[]> => {
      const address = answers.length === 0 ? '93.184.215.14' : '127.0.0.1';
      answers.push(address);
      return [{ address, family: 4 }];
    };
    const lookup = publicAddressLookup(resolve);
    expect((await lookUp(lookup, 'rebind.example', false)).found).toEqual(['93.184.215.14', 4]);
    const second = await lookUp(lookup, 'rebind.example', false);
    expect(second.error).toBeInstanceOf(OutsideFetchError);
    expect(second.error?.message).toBe('rebind.example is not on the public internet');
    expect(second.found).not.toContain('127.0.0.1');
    expect(answers).toEqual(['93.184.215.14', '127.0.0.1']);
  });

  it('refuses a name when any of its addresses is not public', async () => {
    const lookup = publicAddressLookup(async () => [
      { address: '8.8.8.8', family: 4 },
      { address: '::ffff:0:a9fe:a9fe', family: 6 },
    ]);
    const { error } = await lookUp(lookup, 'mixed.example', true);
    expect(error?.message).toBe('mixed.example is not on the public internet');
  });

  it('passes a resolver failure on', async () => {
    const lookup = publicAddressLookup(async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), { code: 'ENOTFOUND' });
    });
    expect((await lookUp(lookup, 'nowhere.example', true)).error?.message).toContain('ENOTFOUND');
  });
});
