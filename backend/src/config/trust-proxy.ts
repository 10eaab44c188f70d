import { isIP } from 'node:net';

/**
 * Which proxies the API believes about the client's address (Express's `trust proxy`): a number
 * of proxy hops in front of the API, or the proxies' addresses (IPs, CIDR ranges, or the names
 * loopback, linklocal, uniquelocal). Every per-IP rate limit keys on the address this yields.
 */
export type TrustProxy = number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The setting as Express takes it, or null when TRUST_PROXY is not a hop count or an address list. */
export function parseTrustProxy(value: string): TrustProxy | null {
  const trimmed = value.trim();
  if (/^\d{1,2}$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(',').map((entry) => entry.trim());
  return entries.length && entries.every(isProxyAddress) ? entries : null;
}

export const TRUST_PROXY_RULE =
  "TRUST_PROXY must be the number of proxies in front of the API (e.g. 1 behind one nginx) or their addresses (e.g. 'loopback, 10.0.0.0/8'); 'true' is refused because it would let any client choose its own IP address";
