import { useEffect, useSyncExternalStore } from 'react';
import { useConsentGiven } from './consent-flag';

// One bottom overlay at a time, the cookie question first (docs/product.md#cookie-consent): the
// install card waits while a page that shows the cookie banner is on screen and unanswered.

let askingPages = 0;
const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Marks the calling page as one that asks the cookie question (it renders CookieConsentBanner).
 * Called by the page rather than the banner: the banner itself renders only once the page is idle
 * (AfterIdle), and the install card must not slip in before it.
 */
export function useAsksCookieQuestion(): void {
  useEffect(() => {
    askingPages += 1;
    notify();
    return () => {
      askingPages -= 1;
      notify();
    };
  }, []);
}

/** Whether a page on screen asks the cookie question and the visitor has not answered it yet. */
export function useCookieQuestionOpen(): boolean {
  const asked = useSyncExternalStore(
    subscribe,
    () => askingPages > 0,
    () => false,
  );
  const consentGiven = useConsentGiven();
  return asked && !consentGiven;
}
