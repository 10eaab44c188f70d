import type { ApiErrorBody, UsageLimitErrorBody } from '@kasa/contracts';
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
};

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

/** The raw Response of an API call, with auth and credentials; throws ApiError when not OK. */
export async function apiRequest(path: string, init: ApiFetchInit = {}): Promise<Response> {
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
    const usageLimit = error.usageLimit;
    if (usageLimit) settings.onUsageLimit(usageLimit);
    throw error;
  }
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
