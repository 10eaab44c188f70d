import { isDataSaverOn } from '@kasa/ui';

export const SERVICE_WORKER_URL = '/service-worker.js';

export interface RegisterServiceWorkerOptions {
  /** Production builds only (default): a dev server's worker would cache the code being edited. */
  enabled?: boolean;
  url?: string;
  win?: Window;
  /** The data saver (Preferences): the worker then skips its install-time download of the remotes. */
  dataSaver?: () => boolean;
}

/**
 * Registers the service worker after the window's load event, so its precaching never competes
 * with the first page load on a slow connection. Browsers without service workers: nothing.
 */
export function registerServiceWorker({
  enabled = process.env.NODE_ENV === 'production',
  url = SERVICE_WORKER_URL,
  win = window,
  dataSaver = isDataSaverOn,
}: RegisterServiceWorkerOptions = {}): void {
  if (!enabled || !('serviceWorker' in win.navigator)) return;
  const register = () => {
    // The worker cannot read localStorage: the choice travels in its URL (service-worker.ts reads it).
    const scriptUrl = dataSaver() ? `${url}?data-saver=on` : url;
    win.navigator.serviceWorker.register(scriptUrl, { scope: '/' }).catch((error: unknown) => {
      // The app works without it (no offline mode); say why for whoever looks at the console.
      console.warn('Service worker registration failed:', error);
    });
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
