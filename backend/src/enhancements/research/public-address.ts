import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { OutsideFetchError } from '../search/providers/http-fetch';

/**
 * Addresses a page found on the web must not point at: this machine, the private networks around
 * it and cloud metadata services (169.254.169.254). Research fetches links that strangers' pages
 * and search engines chose, so a link must not turn Kasa into a proxy into its own network.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** True for an address on the public internet. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !PRIVATE.check(address, 'ipv4');
  if (version !== 6) return false;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is checked as the IPv4 address it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]);
  return !PRIVATE.check(address, 'ipv6');
}

/** Refuses a URL whose host is, or resolves to, an address that is not public. */
export async function assertPublicUrl(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch {
      throw new OutsideFetchError('network', `cannot resolve ${host}`);
    }
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress))
    throw new OutsideFetchError('invalid', `${host} is not on the public internet`);
}
