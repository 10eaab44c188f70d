import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '@kasa/contracts';
import { readStoredToken, signOut, useCurrentUser } from '@kasa/api-client';
import {
  ErrorPanel,
  KasaUiProvider,
  SessionControlsProvider,
  Splash,
  useAppInfo,
  useT,
  uiMessages,
} from '@kasa/ui';
import { StartupErrorPanel } from './boot/StartupErrorPanel';
import { appInfoOf, useStartConfig } from './boot/use-start-config';
import { RemoteRegistry, RemoteRegistryProvider, type RemoteLoadFn } from './remote-loader';
import { AppRoutes, remoteForPath } from './routes';
import { AuthRedirectProvider } from './auth/auth-redirect';
import { useSessionSync } from './auth/session-sync';
import { InstallPromptCard } from './pwa/InstallPromptCard';
import { ServiceUnavailableHandler } from './service-status/ServiceUnavailableHandler';
import { UsageLimitHandler } from './usage-limit/UsageLimitHandler';

export interface ShellAppProps {
  /** Fetches /runtime-config.json (with its own retries). */
  loadConfig: () => Promise<RuntimeConfig>;
  /** Builds the remote loader once the config (the remotes' manifest URLs) is known. */
  createRemoteLoader: (config: RuntimeConfig) => RemoteLoadFn;
  queryClient: QueryClient;
  /** The configuration index.html carries inline, when it does: the first frame needs no wait. */
  initialConfig?: RuntimeConfig | null;
}

/**
 * The shell: everything waits behind the splash until the runtime configuration and the session
 * (GET /api/auth/user) are in, then the route table for signed-in or signed-out visitors renders.
 * Must sit inside a router (BrowserRouter in the browser, MemoryRouter in tests).
 */
export function ShellApp({ loadConfig, createRemoteLoader, queryClient, initialConfig }: ShellAppProps) {
  const { start, retry } = useStartConfig(loadConfig, initialConfig);

  const config = start.status === 'ready' ? start.config : undefined;
  const registry = useMemo(
    () => (config ? new RemoteRegistry(createRemoteLoader(config)) : undefined),
    [config, createRemoteLoader],
  );
  useEarlyRemoteStart(registry);

  let content;
  if (start.status === 'error') {
    content = <StartupErrorPanel error={start.error} onRetry={retry} />;
  } else if (!registry) {
    content = <Splash />;
  } else {
    content = (
      <RemoteRegistryProvider registry={registry}>
        <AuthRedirectProvider>
          <SessionGate />
        </AuthRedirectProvider>
        <InstallPromptCard />
      </RemoteRegistryProvider>
    );
  }

  return (
    <QueryClientProvider client={queryClient}>
      <KasaUiProvider appInfo={appInfoOf(config)}>
        <UsageLimitHandler />
        <ServiceUnavailableHandler />
        {content}
      </KasaUiProvider>
    </QueryClientProvider>
  );
}

/**
 * A returning visitor (a stored token) opening a remote's route: that remote's manifest, entry and
 * exposed chunk are fetched now, beside the session check, rather than after GET /api/auth/user has
 * answered (a serial waterfall of several seconds on a slow line). RemoteView later takes the same
 * load from the registry; a failure there shows its usual Retry panel.
 */
function useEarlyRemoteStart(registry: RemoteRegistry | undefined) {
  const startPath = useRef(useLocation().pathname);
  useEffect(() => {
    if (!registry || !readStoredToken()) return;
    const remote = remoteForPath(startPath.current);
    if (remote) registry.preload(remote);
  }, [registry]);
}

/** Splash while the session loads, then the route table for who is there. */
function SessionGate() {
  useSessionSync();
  const session = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const t = useT(uiMessages);
  const { appName } = useAppInfo();
  const user = session.data;

  const doSignOut = useCallback(async () => {
    await signOut(queryClient);
    navigate('/', { replace: true });
  }, [queryClient, navigate]);
  const controls = useMemo(
    () => (user ? { username: user.username, signOut: doSignOut } : null),
    [user, doSignOut],
  );

  if (session.isPending) return <Splash />;
  if (session.isError && user === undefined) {
    return (
      <ErrorPanel
        title={t('unreachableTitle', { appName })}
        detail={session.error.message}
        testId="session-error-panel"
        retryTestId="session-retry"
        retrying={session.isFetching}
        onRetry={() => void session.refetch()}
        fullScreen
      />
    );
  }
  return (
    <SessionControlsProvider value={controls}>
      <AppRoutes signedIn={Boolean(user)} />
    </SessionControlsProvider>
  );
}
