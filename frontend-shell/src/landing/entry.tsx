import { StrictMode, startTransition } from 'react';
import { loadFirstModules } from '../boot/first-modules';
import { nextTask } from '../boot/yield';

/**
 * The landing entry's start (docs/architecture.md#landing-entry): index.html runs it instead of the
 * application for a visitor of / or /chat without a stored session. No Module Federation runtime, no
 * shared-scope negotiation: the modules evaluate in slices (src/boot/first-modules.ts), then the
 * landing page renders in a transition.
 */
async function start(): Promise<void> {
  const { createRoot, BrowserRouter, createQueryClient } = await loadFirstModules();
  const { LandingApp } = await import(/* webpackMode: "eager" */ './LandingApp');
  const { readInlineRuntimeConfig, fetchRuntimeConfig } = await import(
    /* webpackMode: "eager" */ '../runtime-config'
  );
  const { registerServiceWorker } = await import(/* webpackMode: "eager" */ '../pwa/register-service-worker');
  await nextTask();

  const loadConfig = () => fetchRuntimeConfig();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  startTransition(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <LandingApp
            loadConfig={loadConfig}
            initialConfig={readInlineRuntimeConfig()}
            queryClient={createQueryClient()}
            loadPage={loadApplicationPage}
          />
        </BrowserRouter>
      </StrictMode>,
    ),
  );

  registerServiceWorker();
}

/** The application's page: `path` replacing this one (after signing in), else the current URL loaded afresh. */
function loadApplicationPage(path?: string): void {
  if (path) window.location.replace(path);
  else window.location.reload();
}

void start();
