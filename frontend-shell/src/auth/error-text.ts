import { ApiError } from '@kasa/api-client';

/**
 * The text to show for a failed call: the server's own message when it sent one (it names the
 * problem: 'Incorrect username or password.'), else the screen's fallback. A network failure
 * (fetch's TypeError) has no server message.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** True when the request never got an answer (offline, DNS, connection reset). */
export function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError);
}
