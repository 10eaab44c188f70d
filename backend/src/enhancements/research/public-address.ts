import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';
import { type AddressGuard, OutsideFetchError } from '../search/providers/http-fetch';

/**
 * Addresses a page found on the web must not point at: this machine, the private networks around
 * it, cloud metadata services (169.254.169.254) and every other special-purpose range. Research
 * fetches links that strangers' pages and search engines chose, so a link must not turn Kasa into
 * a proxy into its own network. The ranges are ipaddr.js's copy of IANA's IPv4 and IPv6
 * special-purpose address registries: only what it calls 'unicast' is public.
 */

/** Finds the addresses of a host name: the system's resolver in production. */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: ResolveHost = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** The IPv4 address in the 32 bits of `parts` (16-bit groups of an IPv6 address) at `index`. */
function ipv4In(parts: number[], index: number, invert = false): ipaddr.IPv4 {
  const mask = invert ? 0xffff : 0;
  const [high, low] = [parts[index] ^ mask, parts[index + 1] ^ mask];
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * The IPv4 addresses an IPv6 address carries and leads to: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d),
 * 6to4 (2002:aabb:ccdd::) and Teredo (its server, and its client stored inverted). Undefined for
 * an address of no such form.
 */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] | undefined {
  const { parts } = address;
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return [ipv4In(parts, 6)];
    case 'rfc6052':
      // The well-known prefix /96 only: the local-use 64:ff9b:1::/48 puts the address elsewhere.
      return parts[2] === 0 ? [ipv4In(parts, 6)] : [];
    case '6to4':
      return [ipv4In(parts, 1)];
    case 'teredo':
      return [ipv4In(parts, 2), ipv4In(parts, 6, true)];
    default:
      // IPv4-compatible: 96 zero bits then the IPv4 address (:: and ::1 too, read as 0.0.0.0 and 0.0.0.1).
      return parts.slice(0, 6).every((part) => part === 0) ? [ipv4In(parts, 6)] : undefined;
  }
}

/** True for an address on the public internet (written the standard way: no octal, no short forms). */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const ipv6 = parsed as ipaddr.IPv6;
  const carried = embeddedIpv4(ipv6);
  if (carried) return carried.length > 0 && carried.every((ipv4) => ipv4.range() === 'unicast');
  // Global unicast is 2000::/3; everything outside it (and its special blocks) is refused.
  return ipv6.range() === 'unicast' && ipv6.match(ipaddr.IPv6.parse('2000::'), 3);
}

function notPublic(host: string): OutsideFetchError {
  return new OutsideFetchError('invalid', `${host} is not on the public internet`);
}

/** Refuses a URL whose host is an address that is not public (a name is checked when connecting). */
export async function assertPublicUrl(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isPublicAddress(host)) throw notPublic(host);
}

/**
 * A `lookup` for sockets (net.connect's option) that resolves a name, refuses it unless every
 * address it has is public, and hands the socket exactly the addresses it checked: no second
 * resolution can slip another address in between (DNS rebinding).
 */
export function publicAddressLookup(resolve: ResolveHost = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const addresses =
          options.family === 4 || options.family === 6
            ? found.filter((entry) => entry.family === options.family)
            : found;
        if (addresses.length === 0 || !addresses.every((entry) => isPublicAddress(entry.address)))
          callback(notPublic(hostname) as NodeJS.ErrnoException, '', 0);
        else if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/**
 * What keeps research's fetches on the public internet (fetchText's `guard`): a URL's address is
 * checked before it is asked, a name where the connection is made. Close its dispatcher when done.
 */
export function publicInternetGuard(resolve: ResolveHost = systemResolve): AddressGuard {
  return {
    checkUrl: assertPublicUrl,
    dispatcher: new Agent({ connect: { lookup: publicAddressLookup(resolve) } }),
  };
}
