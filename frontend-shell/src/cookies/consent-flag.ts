import { useSyncExternalStore } from 'react';

/** docs/product.md#cookie-consent: set to 'true' once the visitor has answered the cookie question. */
export const CONSENT_STORAGE_KEY = 'cookieConsentGiven';

// Holds the answer for this page load when storage refuses it (private mode, quota full), so the
// banner still closes.
let answeredWithoutStorage = false;
const listeners = new Set<() => void>();

/** The banner shows only while the flag is absent (docs/product.md#cookie-consent). */
export function hasConsentFlag(): boolean {
  if (answeredWithoutStorage) return true;
  try {
    return window.localStorage.getItem(CONSENT_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

export function setConsentFlag(): void {
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, 'true');
  } catch {
    answeredWithoutStorage = true;
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab answering (or clearing storage) updates this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether the visitor has answered; re-renders when the banner or the cookie page records an answer. */
export function useConsentGiven(): boolean {
  return useSyncExternalStore(subscribe, hasConsentFlag, () => false);
}
