import { REMOTE_NAMES, RUNTIME_CONFIG_PATH, type RuntimeConfig } from '@kasa/contracts';

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
  };
}

/** Unknown or missing → the sandbox: the page then says no real payment is taken. */
function parsePayments(value: unknown): RuntimeConfig['payments'] {
  const p = (value ?? {}) as Partial<RuntimeConfig['payments']>;
  const stripe = p.card === 'stripe' && typeof p.stripePublishableKey === 'string' && p.stripePublishableKey;
  return {
    card: stripe ? 'stripe' : 'sandbox',
    ...(stripe ? { stripePublishableKey: p.stripePublishableKey } : {}),
    mobileMoney: p.mobileMoney === 'flutterwave' ? 'flutterwave' : 'sandbox',
  };
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
