export const SERVICE_WORKER_URL = '/service-worker.js';

export interface RegisterServiceWorkerOptions {
  /** Production builds only (default): a dev server's worker would cache the code being edited. */
  enabled?: boolean;
  url?: string;
  win?: Window;
}

/**
 * Registers the service worker after the window's load event, so its precaching never competes
 * with the first page load on a slow connection. Browsers without service workers: nothing.
 */
export function registerServiceWorker({
  enabled = process.env.NODE_ENV === 'production',
  url = SERVICE_WORKER_URL,
  win = window,
}: RegisterServiceWorkerOptions = {}): void {
  if (!enabled || !('serviceWorker' in win.navigator)) return;
  const register = () => {
    win.navigator.serviceWorker.register(url, { scope: '/' }).catch((error: unknown) => {
      // The app works without it (no offline mode); say why for whoever looks at the console.
      console.warn('Service worker registration failed:', error);
    });
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
