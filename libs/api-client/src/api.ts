import { type ApiErrorBody, IDEMPOTENCY_KEY_HEADER, type UsageLimitErrorBody } from '@kasa/contracts';
import { readUsageLimitBody } from './usage-limit';

/** localStorage key of the bearer token (docs/product.md#data-kept-in-the-browser). */
export const AUTH_TOKEN_STORAGE_KEY = 'auth_token';
export const API_PREFIX = '/api';

interface ApiClientSettings {
  /** Origin the API is on. '' = same origin (the browser default). Tests point it at a loopback server. */
  origin: string;
  getToken: () => string | null;
  /**
   * Called when a request that carried a token gets 401: the token was revoked (logout or a
   * password change elsewhere) or expired. The shell then drops the session.
   */
  onUnauthorized: () => void;
  /**
   * Called for every 429 whose body is the usage-limit body (docs/product.md#usage-limit), from any remote: the shell
   * shows the limit toast and moves to /subscription. The request still fails with its ApiError.
   */
  onUsageLimit: (body: UsageLimitErrorBody) => void;
  /**
   * Called when the server says it is briefly unavailable (503 SERVICE_UNAVAILABLE: its database
   * cannot be reached) with `true`, and with `false` on the next answer that is not: the shell
   * shows "briefly unavailable, retrying" meanwhile.
   */
  onServiceUnavailable: (unavailable: boolean) => void;
}

/** The default token source: localStorage "auth_token". */
export function readStoredToken(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

const settings: ApiClientSettings = {
  origin: '',
  getToken: readStoredToken,
  onUnauthorized: () => undefined,
  onUsageLimit: () => undefined,
  onServiceUnavailable: () => undefined,
};

/** Whether the last answer was 503 SERVICE_UNAVAILABLE (the shell's notice is showing). */
let serviceUnavailable = false;

function noteServiceStatus(response: Response, error?: ApiError): void {
  const unavailable = isServiceUnavailable(error ?? response);
  if (unavailable === serviceUnavailable) return;
  serviceUnavailable = unavailable;
  settings.onServiceUnavailable(unavailable);
}

/** The token requests carry now (the configured source; localStorage in the browser). */
export function currentToken(): string | null {
  return settings.getToken();
}

export function configureApiClient(options: Partial<ApiClientSettings>): void {
  Object.assign(settings, options);
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).message === 'string';
}

/**
 * A non-OK API response. `message` is the generic error text (docs/product.md#api-conventions): '{status}: {body text or
 * status text}'; what a screen shows is `errorText(error)` from @kasa/ui (the code's text in the
 * user's language, `serverMessage` for a code it does not know).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    /** The server's message (ApiErrorBody.message), else the raw body text, else the status text. */
    readonly serverMessage: string,
    /** The parsed JSON error body, when the server sent one. */
    readonly body?: ApiErrorBody | Record<string, unknown>,
    /** How long the server asked to wait before trying again (its Retry-After header), in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status}: ${serverMessage}`);
    this.usageLimit = status === 429 ? readUsageLimitBody(body) : undefined;
    const code = body?.code;
    this.code = typeof code === 'string' && code ? code : undefined;
  }

  /** The usage-limit body of an over-quota 429 (docs/product.md#usage-limit); undefined for every other error. */
  readonly usageLimit?: UsageLimitErrorBody;
  /**
   * The body's stable error code (libs/contracts ERROR_CODES), when it has one. A string, not an
   * ErrorCode: a newer server may send codes this client does not know yet.
   */
  readonly code?: string;
}

/** Retry-After as seconds from `now`: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** '/chat' → '/api/chat'; '/api/chat' and absolute URLs stay as they are. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  const full =
    withSlash === API_PREFIX || withSlash.startsWith(`${API_PREFIX}/`)
      ? withSlash
      : `${API_PREFIX}${withSlash}`;
  return `${settings.origin}${full}`;
}

export interface ApiFetchInit extends Omit<RequestInit, 'body'> {
  /** A plain object / array is sent as JSON; strings, FormData, Blob and the like as they are. */
  body?: unknown;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

/** Retries of a safe request the server answered 503 SERVICE_UNAVAILABLE: about a minute in all. */
export const SERVICE_UNAVAILABLE_RETRIES = 5;
const MAX_RETRY_DELAY_MS = 30_000;

/** A 503 SERVICE_UNAVAILABLE answer (the server's database is briefly out of reach), or its ApiError. */
export function isServiceUnavailable(value: unknown): boolean {
  if (value instanceof ApiError) return value.status === 503 && value.code === 'SERVICE_UNAVAILABLE';
  return false;
}

/**
 * How long to wait before retry number `attempt` (0 first): doubling from 1 s, never sooner than
 * the server's Retry-After, never longer than 30 s.
 */
export function serviceRetryDelayMs(attempt: number, retryAfterSeconds?: number): number {
  const backoff = 1000 * 2 ** attempt;
  return Math.min(MAX_RETRY_DELAY_MS, Math.max(backoff, (retryAfterSeconds ?? 0) * 1000));
}

/**
 * Whether sending the request again cannot do anything twice: reads (GET, HEAD, OPTIONS) and
 * requests that carry an Idempotency-Key (the server answers a repeat with the first result).
 * A streamed body cannot be sent twice.
 */
function isSafeToRetry(init: ApiFetchInit, headers: Headers): boolean {
  if (typeof ReadableStream !== 'undefined' && init.body instanceof ReadableStream) return false;
  const method = (init.method ?? 'GET').toUpperCase();
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || headers.has(IDEMPOTENCY_KEY_HEADER);
}

function wait(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The raw Response of an API call, with auth and credentials; throws ApiError when not OK.
 * Answered 503 SERVICE_UNAVAILABLE, a safe request (isSafeToRetry) is sent again after
 * serviceRetryDelayMs, up to SERVICE_UNAVAILABLE_RETRIES times, while the shell says so
 * (onServiceUnavailable); every screen gets this without code of its own.
 */
export async function apiRequest(path: string, init: ApiFetchInit = {}): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiRequestOnce(path, init);
    } catch (error) {
      if (!isServiceUnavailable(error) || attempt >= SERVICE_UNAVAILABLE_RETRIES) throw error;
      if (!isSafeToRetry(init, new Headers(init.headers))) throw error;
      await wait(serviceRetryDelayMs(attempt, (error as ApiError).retryAfterSeconds), init.signal);
    }
  }
}

/**
 * Gives the page its turn before a request's work where the browser can (`scheduler.yield()`, whose
 * continuation runs ahead of other queued tasks, so the request is not delayed behind them): a
 * screen's first commit starts several queries in its effects, and building and sending each one
 * inside that commit's task made it a long task on a slow phone.
 */
async function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') await scheduler.yield();
}

async function apiRequestOnce(path: string, init: ApiFetchInit): Promise<Response> {
  await yieldToPage();
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = settings.getToken();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (init.body !== undefined && init.body !== null) {
    if (isRawBody(init.body)) {
      body = init.body;
    } else {
      body = JSON.stringify(init.body);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
  }
  const response = await fetch(apiUrl(path), { credentials: 'include', ...init, headers, body });
  if (!response.ok) {
    if (response.status === 401 && headers.has('Authorization')) settings.onUnauthorized();
    const error = await toApiError(response);
    noteServiceStatus(response, error);
    const usageLimit = error.usageLimit;
    if (usageLimit) settings.onUsageLimit(usageLimit);
    throw error;
  }
  noteServiceStatus(response);
  return response;
}

/**
 * The ApiError of a non-OK answer got outside apiRequest (an XMLHttpRequest upload, for its
 * progress events), with apiRequest's app-wide effects: a 401 on a request that carried a token
 * drops the session, an over-quota 429 shows the usage-limit toast.
 */
export async function apiFailure(response: Response, sentToken: boolean): Promise<ApiError> {
  if (response.status === 401 && sentToken) settings.onUnauthorized();
  const error = await toApiError(response);
  noteServiceStatus(response, error);
  if (error.usageLimit) settings.onUsageLimit(error.usageLimit);
  return error;
}

async function toApiError(response: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // Body unreadable (connection dropped): fall back to the status text.
  }
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  const fallback = text.trim() || response.statusText || 'Request failed';
  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
  if (isApiErrorBody(parsed)) return new ApiError(response.status, parsed.message, parsed, retryAfter);
  const usageLimit = response.status === 429 ? readUsageLimitBody(parsed) : undefined;
  if (usageLimit)
    return new ApiError(response.status, usageLimit.error, parsed as Record<string, unknown>, retryAfter);
  return new ApiError(
    response.status,
    fallback,
    parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined,
    retryAfter,
  );
}

/** JSON API call: same-origin /api, cookies included, Bearer token when signed in. */
export async function apiFetch<T = unknown>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const response = await apiRequest(path, init);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) return (await response.json()) as T;
  return (await response.text()) as T;
}
