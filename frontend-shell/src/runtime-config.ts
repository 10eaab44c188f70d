import {
  CALLING_CODE_PATTERN,
  DEFAULT_MOBILE_MONEY_COUNTRY_CODE,
  MOBILE_MONEY_NETWORKS,
  REMOTE_NAMES,
  RUNTIME_CONFIG_PATH,
  type RuntimeConfig,
} from '@kasa/contracts';

export interface FetchRuntimeConfigOptions {
  fetchImpl?: typeof fetch;
  /** Total tries before giving up (default 4: 0.5 s, 1 s, 2 s between them). */
  attempts?: number;
  baseDelayMs?: number;
  url?: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const v = value as Partial<RuntimeConfig> | null;
  if (!v || typeof v !== 'object' || !v.remotes || typeof v.remotes !== 'object') {
    throw new Error('runtime-config.json has no remotes');
  }
  for (const name of REMOTE_NAMES) {
    if (typeof v.remotes[name] !== 'string' || !v.remotes[name]) {
      throw new Error(`runtime-config.json has no URL for the ${name} remote`);
    }
  }
  return {
    appName: typeof v.appName === 'string' && v.appName ? v.appName : 'Kasa',
    assistantName:
      typeof v.assistantName === 'string' && v.assistantName ? v.assistantName : v.appName || 'Kasa',
    remotes: v.remotes as RuntimeConfig['remotes'],
    payments: parsePayments(v.payments),
    features: parseFeatures(v.features),
    support: parseSupport(v.support),
  };
}

/**
 * Only an explicit `false` turns a feature off: an older server that sends no `features` keeps
 * every item, and a tap there gets the server's own "not available on this server".
 */
function parseFeatures(value: unknown): RuntimeConfig['features'] {
  const given = (value ?? {}) as Partial<Record<keyof RuntimeConfig['features'], unknown>>;
  return { cloudStorage: given.cloudStorage !== false };
}

/**
 * Unknown or missing → the sandbox: the page then says no real payment is taken. A server that
 * names no routed networks (an older one) gets every network offered: it refuses the others clearly.
 */
function parsePayments(value: unknown): RuntimeConfig['payments'] {
  const p = (value ?? {}) as Partial<RuntimeConfig['payments']>;
  const stripe = p.card === 'stripe' && typeof p.stripePublishableKey === 'string' && p.stripePublishableKey;
  const routed: unknown = p.mobileMoneyNetworks;
  return {
    card: stripe ? 'stripe' : 'sandbox',
    ...(stripe ? { stripePublishableKey: p.stripePublishableKey } : {}),
    mobileMoney: p.mobileMoney === 'flutterwave' ? 'flutterwave' : 'sandbox',
    mobileMoneyCountryCode:
      typeof p.mobileMoneyCountryCode === 'string' && CALLING_CODE_PATTERN.test(p.mobileMoneyCountryCode)
        ? p.mobileMoneyCountryCode
        : DEFAULT_MOBILE_MONEY_COUNTRY_CODE,
    mobileMoneyNetworks: Array.isArray(routed)
      ? MOBILE_MONEY_NETWORKS.filter((network) => routed.includes(network))
      : [...MOBILE_MONEY_NETWORKS],
  };
}

/** Each contact that is a non-empty text; none from an older server that sends no `support`. */
function parseSupport(value: unknown): RuntimeConfig['support'] {
  const given = (value ?? {}) as Record<string, unknown>;
  const support: RuntimeConfig['support'] = {};
  for (const key of ['email', 'whatsapp', 'phone'] as const) {
    const contact = given[key];
    if (typeof contact === 'string' && contact) support[key] = contact;
  }
  return support;
}

/** Id of the JSON block the server inlines into index.html (backend/src/web/shell-index.ts). */
export const INLINE_RUNTIME_CONFIG_ID = 'kasa-runtime-config';

/**
 * The configuration the server wrote into the page, if any: it saves a round trip before the
 * first screen. Absent (the service worker's offline copy of index.html, a dev server) or
 * unreadable → null, and the shell fetches /runtime-config.json instead.
 */
export function readInlineRuntimeConfig(doc: Document = document): RuntimeConfig | null {
  const text = doc.getElementById(INLINE_RUNTIME_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    return parseRuntimeConfig(JSON.parse(text));
  } catch {
    return null;
  }
}

/** GET /runtime-config.json, retrying with exponential backoff on a bad connection. */
export async function fetchRuntimeConfig({
  fetchImpl = (...args) => fetch(...args),
  attempts = 4,
  baseDelayMs = 500,
  url = RUNTIME_CONFIG_PATH,
}: FetchRuntimeConfigOptions = {}): Promise<RuntimeConfig> {
  let lastError: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      const response = await fetchImpl(url, { cache: 'no-store', credentials: 'same-origin' });
      if (!response.ok)
        throw new Error(`${response.status}: ${response.statusText || 'runtime-config.json failed'}`);
      return parseRuntimeConfig(await response.json());
    } catch (error) {
      lastError = error;
      if (i < attempts - 1) await sleep(baseDelayMs * 2 ** i);
    }
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}
