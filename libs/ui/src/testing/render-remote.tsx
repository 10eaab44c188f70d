// Renders a remote (or one of its screens) inside the providers the shell gives it at run time:
// the shared QueryClient, a router, the UI kit's provider and the session controls.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AUTH_TOKEN_STORAGE_KEY, CURRENT_USER_QUERY_KEY, createQueryClient } from '@kasa/api-client';
import type { AuthUser } from '@kasa/contracts';
import type { AppInfo } from '../app-info';
import type { Language } from '../i18n';
import { KasaUiProvider } from '../KasaUiProvider';
import { SessionControlsProvider, type SessionControls } from '../session-controls';

/** The router's current address, readable as screen.getByTestId('location').textContent. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

export interface RenderRemoteOptions {
  /** The address the router starts at. */
  path: string;
  /** Earlier in-app pages, before `path` (the router's history). */
  history?: string[];
  language?: Language;
  /** Runtime configuration (names, payments); defaults to 'Kasa' and the sandbox engines. */
  appInfo?: Partial<AppInfo>;
  /** What the shell's header gets from the session; null (the default) as when no shell is around. */
  session?: SessionControls | null;
  queryClient?: QueryClient;
  /** Render the LocationProbe (an <output>, ARIA role status) beside the UI; default true. */
  probeLocation?: boolean;
}

export function renderRemote(ui: ReactNode, options: RenderRemoteOptions) {
  const queryClient = options.queryClient ?? createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[...(options.history ?? []), options.path]}>
        <KasaUiProvider
          appInfo={{ appName: 'Kasa', assistantName: 'Kasa', ...options.appInfo }}
          initialLanguage={options.language ?? 'en'}
        >
          <SessionControlsProvider value={options.session ?? null}>{ui}</SessionControlsProvider>
        </KasaUiProvider>
        {options.probeLocation !== false && <LocationProbe />}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/**
 * Signs `user` in as the shell leaves a session: the token stored (requests carry it) and the user
 * already in the shared cache under GET /api/auth/user.
 */
export function signIn(queryClient: QueryClient, user: AuthUser, token = 'token-1'): void {
  localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
}
