// A recording made offline needs the recording bar's code and the rows that show a spoken message:
// lazy chunks, kept out of /chat's first load (docs/product.md#voice). Once the chat has settled
// online they are fetched in the background, and the service worker keeps them for offline use.
import { useEffect } from 'react';
import { loadVoiceMessageParts } from '../conversation/MessageList';
import { isOnline } from '../shared/network';
import { loadVoiceRecordingPanel } from '../voice/recording/useComposerVoice';

/** After the first load has settled (the page's own requests first). */
export const VOICE_PREFETCH_DELAY_MS = 2000;

export function useOfflineVoicePrefetch(): void {
  useEffect(() => {
    let done = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const fetchAhead = () => {
      if (done || !isOnline()) return;
      done = true;
      // A failure (the network went meanwhile) is tried again at the next 'online'.
      void Promise.all([loadVoiceRecordingPanel(), loadVoiceMessageParts()]).catch(() => {
        done = false;
      });
    };
    const schedule = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        if (typeof window.requestIdleCallback === 'function')
          window.requestIdleCallback(fetchAhead, { timeout: VOICE_PREFETCH_DELAY_MS });
        else fetchAhead();
      }, VOICE_PREFETCH_DELAY_MS);
    };
    schedule();
    window.addEventListener('online', schedule);
    return () => {
      done = true;
      if (timer) clearTimeout(timer);
      window.removeEventListener('online', schedule);
    };
  }, []);
}
