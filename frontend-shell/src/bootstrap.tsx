import { StrictMode, startTransition } from 'react';
import { loadFirstModules } from './boot/first-modules';
import { nextTask } from './boot/yield';
import { loadLandingPage } from './landing/load-landing-page';

/** Read without @kasa/api-client, which is not evaluated yet (the same key, `auth_token`). */
function hasStoredToken(): boolean {
  try {
    return Boolean(localStorage.getItem('auth_token'));
  } catch {
    return false;
  }
}

/**
 * The application's start. Module Federation has already loaded this chunk and the shared modules
 * it needs (src/index.ts); what is left is evaluating them, in slices (src/boot/first-modules.ts).
 */
async function start(): Promise<void> {
  // Signed out: the landing page's chunk downloads while the first modules evaluate.
  if (!hasStoredToken()) void loadLandingPage();
  const { createRoot, BrowserRouter, createQueryClient } = await loadFirstModules();
  const { ShellApp } = await import(/* webpackMode: "eager" */ './ShellApp');
  const { createMfRemoteLoader } = await import(/* webpackMode: "eager" */ './mf-loader');
  const { readInlineRuntimeConfig, fetchRuntimeConfig } = await import(
    /* webpackMode: "eager" */ './runtime-config'
  );
  const { registerServiceWorker } = await import(/* webpackMode: "eager" */ './pwa/register-service-worker');
  await nextTask();

  const queryClient = createQueryClient();
  // The page's own copy of the configuration (no round trip); without one the shell fetches it.
  const initialConfig = readInlineRuntimeConfig();
  const loadConfig = () => fetchRuntimeConfig();

  const root = createRoot(document.getElementById('root') as HTMLElement);
  // A transition: the first render (theme, providers, the landing page or the splash) runs in slices
  // instead of one long task; index.html's own preview is on screen meanwhile.
  startTransition(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <ShellApp
            loadConfig={loadConfig}
            initialConfig={initialConfig}
            createRemoteLoader={createMfRemoteLoader}
            queryClient={queryClient}
          />
        </BrowserRouter>
      </StrictMode>,
    ),
  );

  registerServiceWorker();
}

void start();
