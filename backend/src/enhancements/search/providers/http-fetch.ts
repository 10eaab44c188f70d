import { type Dispatcher, fetch, type Response } from 'undici';

/**
 * Outside HTTP for search and research: a time limit on the whole exchange and a cap on the bytes
 * read, so a slow or huge answer can never hold a request or fill the memory. fetch() is undici's
 * (the package behind Node's own fetch) so a guard can open the connections (its dispatcher).
 */

export type FetchFailureReason = 'timeout' | 'network' | 'status' | 'invalid';

/** Why an outside service gave nothing usable; `message` is for logs. */
export class OutsideFetchError extends Error {
  override readonly name = 'OutsideFetchError';
  constructor(
    readonly reason: FetchFailureReason,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface FetchedText {
  status: number;
  contentType: string;
  text: string;
  /** The body was longer than the cap and was cut. */
  truncated: boolean;
}

export interface FetchTextOptions {
  timeoutMs: number;
  maxBytes: number;
  headers?: Record<string, string>;
  /** Answers outside 2xx are returned instead of thrown (to read an error body). */
  acceptErrors?: boolean;
  /** Where the exchange may go (research: the public internet only); redirects are followed hop by hop through it. */
  guard?: AddressGuard;
  /** The URL asked first is configuration (WIKIPEDIA_API_URL): only the URLs redirects lead to are guarded. */
  trustFirstUrl?: boolean;
}

/** Keeps an exchange on the addresses it allows (research: public-address.ts). */
export interface AddressGuard {
  /** Checks a URL before it is asked (its host when it is an address); throws to refuse. */
  checkUrl(url: URL): Promise<void>;
  /**
   * Opens the connections: a host name is checked on the addresses it resolves to as the
   * connection is made, so the address connected to is the one checked.
   */
  dispatcher?: Dispatcher;
}

/** Redirects followed at most when each hop is checked. */
const MAX_REDIRECTS = 5;

/** fetch() following redirects one by one, each hop through the guard. */
async function fetchGuarded(
  url: string,
  init: { headers?: Record<string, string>; signal: AbortSignal },
  guard: AddressGuard,
  trustFirstUrl: boolean,
): Promise<Response> {
  let target = new URL(url);
  for (let hop = 0; ; hop += 1) {
    const guarded = hop > 0 || !trustFirstUrl;
    if (guarded) await guard.checkUrl(target);
    const response = await fetch(target, {
      ...init,
      redirect: 'manual',
      dispatcher: guarded ? guard.dispatcher : undefined,
    });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status > 399 || !location) return response;
    void response.body?.cancel().catch(() => undefined);
    if (hop >= MAX_REDIRECTS) throw new OutsideFetchError('invalid', `more than ${MAX_REDIRECTS} redirects`);
    const next = new URL(location, target);
    if (next.protocol !== 'http:' && next.protocol !== 'https:')
      throw new OutsideFetchError('invalid', `a redirect to ${next.protocol}`);
    target = next;
  }
}

/** GET `url` and its body as text (UTF-8), at most `maxBytes` of it. */
export async function fetchText(url: string, options: FetchTextOptions): Promise<FetchedText> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    let response: Response;
    try {
      const init = { headers: options.headers, signal: controller.signal };
      response = options.guard
        ? await fetchGuarded(url, init, options.guard, options.trustFirstUrl ?? false)
        : await fetch(url, { ...init, redirect: 'follow' });
    } catch (error) {
      if (error instanceof OutsideFetchError) throw error;
      throw failureOf(error, controller.signal.aborted, options.timeoutMs);
    }
    if (!options.acceptErrors && (response.status < 200 || response.status > 299)) {
      void response.body?.cancel().catch(() => undefined);
      throw new OutsideFetchError('status', `HTTP ${response.status}`, response.status);
    }
    const { bytes, truncated } = await readCapped(response, options.maxBytes, controller, options.timeoutMs);
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: new TextDecoder('utf-8').decode(bytes),
      truncated,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** GET `url` and parse its JSON body; a body that is not JSON is an 'invalid' failure. */
export async function fetchJson(
  url: string,
  options: FetchTextOptions,
): Promise<{ status: number; body: unknown }> {
  const fetched = await fetchText(url, options);
  if (fetched.truncated)
    throw new OutsideFetchError('invalid', `answer larger than ${options.maxBytes} bytes`);
  try {
    return { status: fetched.status, body: JSON.parse(fetched.text) as unknown };
  } catch {
    throw new OutsideFetchError(
      'invalid',
      `HTTP ${fetched.status} answer is not JSON (${fetched.contentType || 'no content type'})`,
      fetched.status,
    );
  }
}

async function readCapped(
  response: Response,
  maxBytes: number,
  controller: AbortController,
  timeoutMs: number,
): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  if (!response.body) return { bytes: new Uint8Array(), truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = maxBytes - size;
      if (value.byteLength >= room) {
        chunks.push(value.subarray(0, room));
        size += room;
        truncated = value.byteLength > room;
        if (!truncated) continue;
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } catch (error) {
    throw failureOf(error, controller.signal.aborted, timeoutMs);
  } finally {
    if (truncated) void reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, truncated };
}

function failureOf(error: unknown, timedOut: boolean, timeoutMs: number): OutsideFetchError {
  if (timedOut) return new OutsideFetchError('timeout', `no answer within ${timeoutMs} ms`);
  // The guard's refusal as a connection was opened (fetch wraps it as the cause of its TypeError).
  if (error instanceof Error && error.cause instanceof OutsideFetchError) return error.cause;
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return new OutsideFetchError(
    'network',
    `${error instanceof Error ? error.message : String(error)}${cause}`,
  );
}

/** An http(s) URL as a URL object, or undefined (javascript:, data:, relative, garbage). */
export function httpUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
