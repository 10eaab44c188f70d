import { useEffect, useState } from 'react';
import type { RuntimeConfig } from '@kasa/contracts';
import type { AppInfo } from '@kasa/ui';

export type StartState =
  { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; config: RuntimeConfig };

/**
 * The runtime configuration an entry starts with: the page's inline copy when there is one (no
 * wait), else `loadConfig()` (/runtime-config.json with its own retries). `retry` asks again after
 * an error.
 */
export function useStartConfig(
  loadConfig: () => Promise<RuntimeConfig>,
  initialConfig: RuntimeConfig | null | undefined,
): { start: StartState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [start, setStart] = useState<StartState>(() =>
    initialConfig ? { status: 'ready', config: initialConfig } : { status: 'loading' },
  );

  useEffect(() => {
    if (attempt === 0 && initialConfig) return;
    let cancelled = false;
    loadConfig().then(
      (config) => !cancelled && setStart({ status: 'ready', config }),
      (error: unknown) =>
        !cancelled &&
        setStart({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      cancelled = true;
    };
  }, [loadConfig, attempt, initialConfig]);

  const retry = () => {
    setStart({ status: 'loading' });
    setAttempt((a) => a + 1);
  };
  return { start, retry };
}

/** What @kasa/ui's screens read from the configuration (names, payment modes); defaults before it is in. */
export function appInfoOf(config: RuntimeConfig | undefined): Partial<AppInfo> {
  return config
    ? {
        appName: config.appName,
        assistantName: config.assistantName,
        payments: config.payments,
        features: config.features,
        support: config.support,
      }
    : {};
}
