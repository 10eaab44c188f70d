import { isIPv4, isIPv6 } from 'node:net';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The eight 16-bit groups of an IPv6 address, '::' expanded (an embedded IPv4 tail counts as two). */
function ipv6Groups(address: string): string[] {
  const withoutZone = address.split('%')[0];
  const [head, tail] = withoutZone.includes('::') ? withoutZone.split('::') : [withoutZone, undefined];
  const split = (part: string | undefined) =>
    part
      ? part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [group];
          const [a, b, c, d] = group.split('.').map(Number);
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        })
      : [];
  const left = split(head);
  const right = split(tail);
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

/**
 * The address a per-IP rate limit counts under. IPv4 (also written as ::ffff:a.b.c.d) is itself;
 * IPv6 counts per /64, the block one subscriber line gets, since anyone holding a /64 can pick
 * any of its 2^64 addresses for every request.
 */
export function rateLimitAddress(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = IPV4_MAPPED.exec(ip);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv6(ip.split('%')[0])) return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

/** 127.0.0.0/8 and ::1 (also IPv4-mapped): a caller on this machine. */
export function isLoopbackAddress(ip: string | undefined): boolean {
  if (!ip) return false;
  const v4 = IPV4_MAPPED.exec(ip)?.[1] ?? ip;
  if (isIPv4(v4)) return v4.startsWith('127.');
  return isIPv6(ip) && ipv6Groups(ip).join(':') === '0:0:0:0:0:0:0:1';
}
