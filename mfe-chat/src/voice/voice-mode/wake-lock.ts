// The screen stays on while voice mode is open (docs/product.md#voice): a hands-free talk must not
// be cut by the phone going to sleep. The browser drops the lock whenever the page is hidden, so it
// is asked for again each time the page is shown. Browsers without the Screen Wake Lock API (or a
// refusal: low battery, a frame without permission) just let the screen sleep.

interface WakeLockSentinelLike {
  readonly released: boolean;
  release(): Promise<void>;
}

interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}

/** Keeps the screen on until the answered function is called. */
export function holdScreenWakeLock(): () => void {
  const wakeLock = (navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
  if (!wakeLock?.request) return () => undefined;
  let sentinel: WakeLockSentinelLike | null = null;
  let asking = false;
  let done = false;

  const acquire = () => {
    if (done || asking || document.visibilityState !== 'visible') return;
    if (sentinel && !sentinel.released) return;
    asking = true;
    wakeLock.request('screen').then(
      (granted) => {
        asking = false;
        if (done) void granted.release().catch(() => undefined);
        else sentinel = granted;
      },
      () => {
        asking = false; // refused: the screen may sleep, nothing else changes
      },
    );
  };

  document.addEventListener('visibilitychange', acquire);
  acquire();
  return () => {
    done = true;
    document.removeEventListener('visibilitychange', acquire);
    if (sentinel && !sentinel.released) void sentinel.release().catch(() => undefined);
    sentinel = null;
  };
}
