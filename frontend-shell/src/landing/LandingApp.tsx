import { useCallback, useEffect, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '@kasa/contracts';
import { AUTH_TOKEN_STORAGE_KEY } from '@kasa/api-client';
import { KasaUiProvider, Splash, useToast } from '@kasa/ui';
import { AuthRedirectProvider } from '../auth/auth-redirect';
import { StartupErrorPanel } from '../boot/StartupErrorPanel';
import { appInfoOf, useStartConfig } from '../boot/use-start-config';
import { InstallPromptCard } from '../pwa/InstallPromptCard';
import { LEGAL_PAGE_ROUTE, LegalPageRoute, PUBLIC_PATHS } from '../routes';
import { ServiceUnavailableHandler } from '../service-status/ServiceUnavailableHandler';
import { LandingPage } from './LandingPage';

export interface LandingAppProps {
  loadConfig: () => Promise<RuntimeConfig>;
  initialConfig?: RuntimeConfig | null;
  queryClient: QueryClient;
  /** Loads a page of the application afresh (a full page load, which index.html starts as the application). */
  loadPage: (path?: string) => void;
}

/**
 * The landing entry's app (docs/architecture.md#landing-entry): the landing page at / and /chat for
 * a visitor without a stored session, without Module Federation or any remote, and the legal pages
 * its footer links to (the cookie choice made on the landing page is still there: same page load).
 * Everything else a visitor reaches from here (the chat after signing in, a sign-in in another tab)
 * is the application's: a full page load, which index.html then starts as the application.
 */
export function LandingApp({ loadConfig, initialConfig, queryClient, loadPage }: LandingAppProps) {
  const { start, retry } = useStartConfig(loadConfig, initialConfig);
  useReloadOnSignIn(loadPage);

  let content: ReactNode;
  if (start.status === 'error') content = <StartupErrorPanel error={start.error} onRetry={retry} />;
  else if (start.status === 'loading') content = <Splash />;
  else {
    content = (
      <>
        <RedirectToApplication loadPage={loadPage}>
          <Routes>
            {PUBLIC_PATHS.map((path) => (
              <Route key={path} path={path} element={<LandingPage />} />
            ))}
            <Route path={LEGAL_PAGE_ROUTE} element={<LegalPageRoute />} />
            <Route path="*" element={<ApplicationPage loadPage={loadPage} />} />
          </Routes>
        </RedirectToApplication>
        <InstallPromptCard />
      </>
    );
  }

  return (
    <QueryClientProvider client={queryClient}>
      <KasaUiProvider appInfo={appInfoOf(start.status === 'ready' ? start.config : undefined)}>
        <ServiceUnavailableHandler />
        {content}
      </KasaUiProvider>
    </QueryClientProvider>
  );
}

/**
 * The redirect after signing in or up loads the application's page; the toast that greeted the
 * user ('Login Successful') goes along and stays its full time there.
 */
function RedirectToApplication({
  loadPage,
  children,
}: {
  loadPage: (path?: string) => void;
  children: ReactNode;
}) {
  const { carryToNextPage } = useToast();
  const go = useCallback(
    (path: string) => {
      carryToNextPage();
      loadPage(path);
    },
    [carryToNextPage, loadPage],
  );
  return <AuthRedirectProvider go={go}>{children}</AuthRedirectProvider>;
}

/** A path the landing entry does not render (a shared conversation, a signed-in screen): the application's page, loaded afresh. */
function ApplicationPage({ loadPage }: { loadPage: (path?: string) => void }) {
  useEffect(() => loadPage(), [loadPage]);
  return <Splash />;
}

/** A sign-in (or sign-up) in another tab: this one becomes the application too, signed in. */
function useReloadOnSignIn(loadPage: (path?: string) => void) {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (
        (event.key === AUTH_TOKEN_STORAGE_KEY || event.key === null) &&
        event.storageArea?.getItem(AUTH_TOKEN_STORAGE_KEY)
      ) {
        loadPage();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [loadPage]);
}
