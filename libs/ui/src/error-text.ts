import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { ErrorCode } from '@kasa/contracts';
import type { ErrorTextKey } from './error-messages';
import { GENERIC_ERROR_TEXTS } from './generic-error-texts';
import {
  type Catalog,
  formatMessage,
  type Language,
  type MessageVars,
  type Translate,
  useLanguage,
} from './i18n';

/*
 * The texts of every error code, in both languages, are a chunk of their own (about 4 KB
 * gzipped): no first screen needs them, and on costly mobile data a visitor who never meets an
 * error should not download them. They load at the first sign of use (a tap, a key, a focus:
 * before any request that could fail), or at once when a screen renders an error; until then
 * errorText says what the server said, or the screen's own words.
 */
let loadedCatalog: Catalog<ErrorTextKey> | undefined;
let loading: Promise<Catalog<ErrorTextKey>> | undefined;
const onLoaded = new Set<() => void>();

/** Loads the error texts once; resolves with them. */
export function loadErrorMessages(): Promise<Catalog<ErrorTextKey>> {
  loading ??= import('./error-messages').then(
    ({ errorMessages }) => {
      loadedCatalog = errorMessages;
      for (const notify of onLoaded) notify();
      return errorMessages;
    },
    (error: unknown) => {
      loading = undefined; // Offline before the chunk was cached: try again on the next use.
      throw error;
    },
  );
  return loading;
}

const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;
let intentListening = false;

/** Loads the texts at the visitor's first tap, key or focus, whichever comes first. */
function loadOnFirstIntent(): void {
  if (intentListening || loadedCatalog || typeof document === 'undefined') return;
  intentListening = true;
  const load = () => {
    for (const type of INTENT_EVENTS) document.removeEventListener(type, load, true);
    void loadErrorMessages().catch(() => undefined);
  };
  for (const type of INTENT_EVENTS) document.addEventListener(type, load, { capture: true, passive: true });
}

/** Translates error texts in `language` from the loaded catalog; before it, a key without text stays the key. */
export function errorTranslator(language: Language): Translate<ErrorTextKey> {
  return (key, vars) => {
    const catalog = (loadedCatalog ?? GENERIC_ERROR_TEXTS) as Partial<Catalog<ErrorTextKey>>;
    const template = catalog[language]?.[key] ?? catalog.en?.[key] ?? key;
    return formatMessage(template, vars);
  };
}

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

/** An ErrorCode's form (UPPER_SNAKE): not one of the catalog's helper keys such as 'waitSeconds'. */
const isCodeShaped = (code: string | undefined): code is ErrorCode =>
  !!code && /^[A-Z][A-Z0-9_]*$/.test(code);

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
 * `t` translates the error texts (`errorTranslator(language)`); in a component `useErrorText()`
 * does it.
 */
export function errorText(error: unknown, t: Translate<ErrorTextKey>, fallback?: string): string {
  const facts = readError(error);
  // The catalog is the list of codes this client knows (the type check keeps it complete), so the
  // bundle needs no second list; a translator without the code's text gives the code back (the
  // texts have not loaded yet, or the server is newer than this client).
  const template = isCodeShaped(facts.code) ? t(facts.code) : undefined;
  if (facts.code && template && template !== facts.code) {
    const code = facts.code as ErrorCode;
    const vars: MessageVars = {};
    if (facts.serverMessage) vars.message = facts.serverMessage;
    if (facts.retryAfterSeconds !== undefined) vars.wait = readableWait(facts.retryAfterSeconds, t);
    // t without values gives the template back: its placeholders say what the text needs.
    if (placeholders(template).every((name) => Object.hasOwn(vars, name))) return t(code, vars);
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

const subscribe = (notify: () => void) => {
  onLoaded.add(notify);
  return () => onLoaded.delete(notify);
};
const isLoaded = () => loadedCatalog !== undefined;

/**
 * `const errorText = useErrorText(); errorText(error, t('saveFailed'))` in the current language.
 * Pass the error being shown (`useErrorText(query.error)`) when the screen renders it: the texts
 * then load at once and the component renders again with them.
 */
export function useErrorText(shownError?: unknown): (error: unknown, fallback?: string) => string {
  const { language } = useLanguage();
  const loaded = useSyncExternalStore(subscribe, isLoaded, isLoaded);
  const showing = shownError !== undefined && shownError !== null;
  useEffect(() => {
    if (loaded) return;
    if (showing) void loadErrorMessages().catch(() => undefined);
    else loadOnFirstIntent();
  }, [loaded, showing]);
  return useCallback(
    (error: unknown, fallback?: string) => errorText(error, errorTranslator(language), fallback),
    // `loaded`: a new function once the texts arrive, so memoised users render again.
    [language, loaded],
  );
}
