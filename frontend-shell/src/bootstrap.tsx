import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '@kasa/api-client';
import { ShellApp } from './ShellApp';
import { createMfRemoteLoader } from './mf-loader';
import { fetchRuntimeConfig, readInlineRuntimeConfig } from './runtime-config';
import { registerServiceWorker } from './pwa/register-service-worker';

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
