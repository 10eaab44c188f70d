import { useEffect, useRef } from 'react';
import { configureApiClient } from '@kasa/api-client';
import { uiMessages, useAppInfo, useT, useToast } from '@kasa/ui';

/**
 * The global notice while the API answers 503 SERVICE_UNAVAILABLE (its database briefly out of
 * reach): "{appName} is briefly unavailable, retrying...", shown until an answer comes back that
 * is not. @kasa/api-client retries the safe requests itself (GET, Idempotency-Key), so no screen
 * has code for this. Mounted once, in the shell, inside the toaster.
 */
export function ServiceUnavailableHandler() {
  const t = useT(uiMessages);
  const { appName } = useAppInfo();
  const { toast } = useToast();
  const latest = useRef({ t, appName, toast });
  latest.current = { t, appName, toast };

  useEffect(() => {
    let shown: { dismiss: () => void } | undefined;
    const onServiceUnavailable = (unavailable: boolean) => {
      if (!unavailable) {
        shown?.dismiss();
        shown = undefined;
        return;
      }
      if (shown) return;
      const { t: translate, appName: name, toast: show } = latest.current;
      shown = show({
        title: translate('serviceUnavailableRetrying', { appName: name }),
        durationMs: Infinity,
      });
    };
    configureApiClient({ onServiceUnavailable });
    return () => {
      shown?.dismiss();
      configureApiClient({ onServiceUnavailable: () => undefined });
    };
  }, []);

  return null;
}
