// Mounts the media outbox's runner once it is needed: something waits from an earlier
// visit, or a quick action just queued a request. Until then the chat's first load carries none
// of its code. A request is often queued offline, before the runner's code is on this device (no
// service worker yet): its loading is then tried again when the network returns.
import { useEffect, useState, type ComponentType } from 'react';
import { hasWaitingMedia, onMediaQueued } from '../offline/media-outbox-signal';

export function MediaOutboxMount() {
  const [needed, setNeeded] = useState(false);
  const [Runner, setRunner] = useState<ComponentType | null>(null);

  useEffect(() => {
    if (needed) return;
    let active = true;
    void hasWaitingMedia().then((waiting) => {
      if (active && waiting) setNeeded(true);
    });
    const stop = onMediaQueued(() => setNeeded(true));
    return () => {
      active = false;
      stop();
    };
  }, [needed]);

  useEffect(() => {
    if (!needed || Runner) return;
    let active = true;
    const load = () =>
      void import('./useMediaOutboxRunner')
        .then((module) => {
          if (active) setRunner(() => module.default);
        })
        .catch(() => undefined);
    load();
    window.addEventListener('online', load);
    return () => {
      active = false;
      window.removeEventListener('online', load);
    };
  }, [needed, Runner]);

  return Runner ? <Runner /> : null;
}
