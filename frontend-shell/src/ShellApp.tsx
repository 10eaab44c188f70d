import { useEffect, useMemo, useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '@kasa/contracts';
import { ErrorPanel, KasaUiProvider, Splash } from '@kasa/ui';
import { RemoteRegistry, RemoteRegistryProvider, type RemoteLoadFn } from './remote-loader';
import { AppRoutes } from './routes';
import { CookieConsentBanner } from './cookies/CookieConsentBanner';
import { InstallPromptCard } from './pwa/InstallPromptCard';

export interface ShellAppProps {
  /** Fetches /runtime-config.json (with its own retries). */
  loadConfig: () => Promise<RuntimeConfig>;
  /** Builds the remote loader once the config (the remotes' manifest URLs) is known. */
  createRemoteLoader: (config: RuntimeConfig) => RemoteLoadFn;
  queryClient: QueryClient;
}

type StartState =
  { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; config: RuntimeConfig };

/**
 * The shell: everything waits behind the splash until the runtime configuration is in (the
 * signed-in user's query joins this gate when auth arrives), then the route table renders.
 * Must sit inside a router (BrowserRouter in the browser, MemoryRouter in tests).
 */
export function ShellApp({ loadConfig, createRemoteLoader, queryClient }: ShellAppProps) {
  const [attempt, setAttempt] = useState(0);
  const [start, setStart] = useState<StartState>({ status: 'loading' });

  useEffect(() => {
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
  }, [loadConfig, attempt]);

  const config = start.status === 'ready' ? start.config : undefined;
  const registry = useMemo(
    () => (config ? new RemoteRegistry(createRemoteLoader(config)) : undefined),
    [config, createRemoteLoader],
  );

  let content;
  if (start.status === 'error') {
    content = (
      <ErrorPanel
        title="Kasa could not start"
        message="Check your internet connection, then try again."
        detail={start.error.message}
        testId="startup-error-panel"
        retryTestId="startup-retry"
        onRetry={() => {
          setStart({ status: 'loading' });
          setAttempt((a) => a + 1);
        }}
        fullScreen
      />
    );
  } else if (!registry) {
    content = <Splash />;
  } else {
    content = (
      <RemoteRegistryProvider registry={registry}>
        <AppRoutes />
        <CookieConsentBanner />
        <InstallPromptCard />
      </RemoteRegistryProvider>
    );
  }

  return (
    <QueryClientProvider client={queryClient}>
      <KasaUiProvider
        appInfo={config ? { appName: config.appName, assistantName: config.assistantName } : {}}
      >
        {content}
      </KasaUiProvider>
    </QueryClientProvider>
  );
}
