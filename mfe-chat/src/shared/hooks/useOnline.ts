import { useSyncExternalStore } from 'react';

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** navigator.onLine, live ('online' / 'offline' events). Without navigator it counts as online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => typeof navigator === 'undefined' || navigator.onLine !== false,
    () => true,
  );
}
