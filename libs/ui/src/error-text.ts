import { useCallback } from 'react';
import { isErrorCode } from '@kasa/contracts';
import { errorMessages, type ErrorTextKey } from './error-messages';
import { type MessageVars, type Translate, useT } from './i18n';

/** What a failure says about itself, whatever its shape. */
interface ErrorFacts {
  code?: string;
  /** The server's own words (English). */
  serverMessage?: string;
  retryAfterSeconds?: number;
}

const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : undefined;

/**
 * Reads an ApiError of @kasa/api-client (`code`, `retryAfterSeconds`, the parsed JSON `body`), a
 * chat stream error event (`{error, code}`), a JSON error body (`{code, message}`), the usage-limit
 * body (`{error, code}`), or anything else, without depending on the API client.
 */
function readError(error: unknown): ErrorFacts {
  if (typeof error !== 'object' || error === null) return {};
  const value = error as Record<string, unknown>;
  const body =
    typeof value.body === 'object' && value.body !== null ? (value.body as Record<string, unknown>) : {};
  // An Error's own message is for developers ('Failed to fetch', '502: <html>…'): the server's
  // words are those of the JSON body it answered with. A proxy's text or HTML page is not.
  const said = error instanceof Error ? body : value;
  const wait = value.retryAfterSeconds;
  return {
    code: nonEmpty(value.code) ?? nonEmpty(body.code),
    serverMessage: nonEmpty(said.message) ?? nonEmpty(said.error),
    retryAfterSeconds: typeof wait === 'number' && Number.isFinite(wait) && wait >= 0 ? wait : undefined,
  };
}

/** True for what fetch throws when no answer came (offline, DNS, reset) or the wait was given up. */
function isNoAnswer(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'))
  );
}

const placeholders = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);

/**
 * The text a screen shows for a failed call, in the current language:
 * 1. the text of the error's code, its placeholders filled from the error ({message}: the
 *    server's words, {wait}: its Retry-After);
 * 2. else (no code, a code this client does not know, or a placeholder the error cannot fill)
 *    the server's own message;
 * 3. else `fallback`, the screen's own text for a failure;
 * 4. else "could not reach the server" when no answer came, or a generic "something went wrong".
 *
 * `t` translates errorMessages (`useT(errorMessages)`); in a component `useErrorText()` does it.
 */
export function errorText(error: unknown, t: Translate<ErrorTextKey>, fallback?: string): string {
  const facts = readError(error);
  if (isErrorCode(facts.code)) {
    const vars: MessageVars = {};
    if (facts.serverMessage) vars.message = facts.serverMessage;
    if (facts.retryAfterSeconds !== undefined) vars.wait = readableWait(facts.retryAfterSeconds, t);
    // t without values gives the template back: its placeholders say what the text needs.
    if (placeholders(t(facts.code)).every((name) => Object.hasOwn(vars, name))) return t(facts.code, vars);
  }
  if (facts.serverMessage) return facts.serverMessage;
  if (fallback) return fallback;
  return t(isNoAnswer(error) ? 'networkError' : 'unexpectedError');
}

/** A wait as the server words it: seconds below 2 minutes, whole minutes (rounded up) from then on. */
function readableWait(seconds: number, t: Translate<ErrorTextKey>): string {
  const whole = Math.max(1, Math.ceil(seconds));
  return whole >= 120
    ? t('waitMinutes', { count: Math.ceil(whole / 60) })
    : t('waitSeconds', { count: whole });
}

/** `const errorText = useErrorText(); errorText(error, t('saveFailed'))` in the current language. */
export function useErrorText(): (error: unknown, fallback?: string) => string {
  const t = useT(errorMessages);
  return useCallback((error: unknown, fallback?: string) => errorText(error, t, fallback), [t]);
}
