import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { RemoteName } from '@kasa/contracts';
import { Splash } from '@kasa/ui';
import { RemoteView } from './RemoteView';
import { loadLandingPage } from './landing/load-landing-page';

// Signed-out visitors of / and /chat mostly get the landing entry (docs/architecture.md#landing-entry):
// in the application the landing page is a chunk of its own, out of a signed-in visitor's first load.
const LandingPage = lazy(() => loadLandingPage().then((m) => ({ default: m.LandingPage })));
// Off the landing page's first load: a legal page is one tap away, not the first screen.
const LegalPage = lazy(() => import('./LegalPage').then((m) => ({ default: m.LegalPage })));
// A shared conversation is its own chunk: most visitors never open one.
const SharedConversationPage = lazy(() => import('./shared-conversation/SharedConversationPage'));

/** The route table for signed-in visitors (docs/product.md#screens-and-routes): which remote renders each path. */
export const REMOTE_ROUTES: ReadonlyArray<{ path: string; remote: RemoteName }> = [
  { path: '/', remote: 'chat' },
  { path: '/chat', remote: 'chat' },
  { path: '/ai-studio', remote: 'studio' },
  { path: '/subscription', remote: 'billing' },
  { path: '/payments', remote: 'billing' },
  { path: '/account', remote: 'account' },
];

/** The remote a signed-in visitor's path renders, if any (a trailing slash aside). */
export function remoteForPath(pathname: string): RemoteName | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return REMOTE_ROUTES.find((route) => route.path === path)?.remote;
}

/** Signed-out visitors: / and /chat show the landing / auth screen; the legal pages stay open. */
export const PUBLIC_PATHS = ['/', '/chat'] as const;

/** The legal pages: open to everyone, in the application and in the landing entry alike. */
export const LEGAL_PAGE_ROUTE = '/legal/:page';

export function LegalPageRoute() {
  return (
    <Suspense fallback={<Splash />}>
      <LegalPage />
    </Suspense>
  );
}

/** A shared conversation (sharedPagePath in @kasa/contracts): the same page for every visitor, never a remote. */
export const SHARED_PAGE_ROUTE = '/s/:shareId';

export function AppRoutes({ signedIn }: { signedIn: boolean }) {
  return (
    <Routes>
      {signedIn
        ? REMOTE_ROUTES.map(({ path, remote }) => (
            <Route key={path} path={path} element={<RemoteView name={remote} />} />
          ))
        : PUBLIC_PATHS.map((path) => (
            <Route
              key={path}
              path={path}
              element={
                <Suspense fallback={<Splash />}>
                  <LandingPage />
                </Suspense>
              }
            />
          ))}
      <Route path={LEGAL_PAGE_ROUTE} element={<LegalPageRoute />} />
      <Route
        path={SHARED_PAGE_ROUTE}
        element={
          <Suspense fallback={<Splash />}>
            <SharedConversationPage />
          </Suspense>
        }
      />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
