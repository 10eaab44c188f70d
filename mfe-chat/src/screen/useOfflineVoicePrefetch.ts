// A recording made offline needs the recording bar's code and the rows that show a spoken message:
// lazy chunks, kept out of /chat's first load (docs/product.md#voice). Once the chat has settled
// online they are fetched in the background (<link rel="prefetch">, not run: running them was a
// long task of its own on a slow phone), and the service worker keeps them for offline use. Even
// with the data saver on: without them a recording cannot be made offline.
import { useEffect } from 'react';
import { prefetchChunks } from '@kasa/ui/prefetch';
import { loadVoiceMessageParts } from '../conversation/MessageList';
import { chunkRuntime } from '../shared/chunk-runtime';
import { isOnline } from '../shared/network';
import { loadVoiceRecordingPanel } from '../voice/recording/useComposerVoice';

/** After the first load has settled (the page's own requests first). */
export const VOICE_PREFETCH_DELAY_MS = 2000;

export const OFFLINE_VOICE_CHUNKS = [loadVoiceRecordingPanel, loadVoiceMessageParts];

export function useOfflineVoicePrefetch(): void {
  useEffect(() => {
    let done = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const fetchAhead = () => {
      if (done || !isOnline()) return;
      done = true;
      prefetchChunks(chunkRuntime(), OFFLINE_VOICE_CHUNKS, { evenWithDataSaver: true });
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
    // Offline at first: fetched when the network returns.
    window.addEventListener('online', schedule);
    return () => {
      done = true;
      if (timer) clearTimeout(timer);
      window.removeEventListener('online', schedule);
    };
  }, []);
}
