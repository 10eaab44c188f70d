/** Chrome / Edge / Samsung Internet's install signal (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export interface InstallPromptSnapshot {
  /** The kept beforeinstallprompt event; null before the browser signals, or once used. */
  event: BeforeInstallPromptEvent | null;
  /** When the browser signalled installability (Date.now()). */
  signalledAt: number | null;
  /** The app was installed (appinstalled) during this page's life. */
  installed: boolean;
}

export interface InstallPromptEvents {
  /** Starts listening on `target`; returns the function that stops. */
  attach(target: Window): () => void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): InstallPromptSnapshot;
  /** Hands out the kept event once (a beforeinstallprompt event can prompt only once). */
  take(): BeforeInstallPromptEvent | null;
}

/** What index.html's inline script stores when the signal beats the bundles. */
type EarlySignalWindow = Window & {
  __kasaEarlyInstallPrompt?: { event: BeforeInstallPromptEvent; at: number };
};

/**
 * Keeps the browser's install signals outside React: beforeinstallprompt can fire before the shell
 * has mounted (it waits for the runtime config behind the splash), so listening starts as soon as
 * this module is loaded, and the card reads what was kept.
 */
export function createInstallPromptEvents(): InstallPromptEvents {
  let snapshot: InstallPromptSnapshot = { event: null, signalledAt: null, installed: false };
  const listeners = new Set<() => void>();
  const update = (next: Partial<InstallPromptSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };

  return {
    attach(target) {
      // index.html's inline script keeps a signal that came before this code loaded.
      const early = (target as EarlySignalWindow).__kasaEarlyInstallPrompt;
      if (early && !snapshot.event) update({ event: early.event, signalledAt: early.at });
      const onBeforeInstallPrompt = (event: Event) => {
        // Keep the browser's own mini-infobar away: the card offers the install at its own time.
        event.preventDefault();
        update({ event: event as BeforeInstallPromptEvent, signalledAt: Date.now() });
      };
      const onAppInstalled = () => update({ event: null, installed: true });
      target.addEventListener('beforeinstallprompt', onBeforeInstallPrompt);
      target.addEventListener('appinstalled', onAppInstalled);
      return () => {
        target.removeEventListener('beforeinstallprompt', onBeforeInstallPrompt);
        target.removeEventListener('appinstalled', onAppInstalled);
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    take() {
      const { event } = snapshot;
      if (event) update({ event: null });
      return event;
    },
  };
}

/** The page's one store, listening from the moment the shell's code is loaded. */
export const installPromptEvents = createInstallPromptEvents();
if (typeof window !== 'undefined') installPromptEvents.attach(window);
