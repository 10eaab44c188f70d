// The dismissal memory (docs/product.md#install-card): 'pwa-install-dismissed' = 'true' for 7 days, then removed.

export const DISMISSED_KEY = 'pwa-install-dismissed';
/** When the card was dismissed (ms since epoch): the flag alone cannot expire. */
export const DISMISSED_AT_KEY = 'pwa-install-dismissed-at';
export const DISMISSAL_MEMORY_MS = 7 * 24 * 60 * 60 * 1000;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked: nothing is remembered
  }
}

/** Whether a dismissal is still remembered; removes the flags once the 7 days are over. */
export function isInstallPromptDismissed(now: number = Date.now()): boolean {
  const store = storage();
  if (!store || store.getItem(DISMISSED_KEY) !== 'true') return false;
  const at = Number(store.getItem(DISMISSED_AT_KEY));
  if (!Number.isFinite(at) || at <= 0 || at > now) {
    // A flag without a (sane) date: the 7 days start now rather than never ending.
    store.setItem(DISMISSED_AT_KEY, String(now));
    return true;
  }
  if (now - at >= DISMISSAL_MEMORY_MS) {
    store.removeItem(DISMISSED_KEY);
    store.removeItem(DISMISSED_AT_KEY);
    return false;
  }
  return true;
}

export function rememberInstallPromptDismissal(now: number = Date.now()): void {
  const store = storage();
  try {
    store?.setItem(DISMISSED_KEY, 'true');
    store?.setItem(DISMISSED_AT_KEY, String(now));
  } catch {
    // Quota / private mode: the card stays hidden for this page only.
  }
}
