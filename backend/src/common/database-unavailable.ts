/**
 * Whether an error says PostgreSQL cannot be reached, and what a request then answers. Pure, so the
 * global exception filter (common/) and the database's availability watch (database/) share it.
 */
/** What a 503 during a database outage asks the client to wait (Retry-After), in seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a server that is down, restarting or out of reach. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  'ECONNABORTED',
]);

/**
 * PostgreSQL's own codes for "not now": 57P01-57P03 (admin/crash shutdown, cannot connect now),
 * 53300 (too many connections), and class 08 (connection exceptions).
 * https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03' ||
    code === '53300' ||
    /^08[0-9A-Z]{3}$/.test(code)
  );
}

/** node-postgres and pg-pool say these in words, without a code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /Cannot use a pool after calling end on the pool/i,
];

/**
 * Whether `error` says the database cannot be reached (rather than that a statement was wrong):
 * the error itself, TypeORM's QueryFailedError's `driverError`, a `cause`, or one of an
 * AggregateError's errors (a refused connection to every address of a host).
 */
export function isDatabaseUnavailableError(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  const { code, message, driverError, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)))
    return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailableError(inner, depth + 1)))
    return true;
  return isDatabaseUnavailableError(driverError, depth + 1) || isDatabaseUnavailableError(cause, depth + 1);
}

/** Told of every request that failed because the database was unreachable (database/'s DatabaseAvailability). */
export interface DatabaseOutageReporter {
  failed(error: unknown): void;
}
