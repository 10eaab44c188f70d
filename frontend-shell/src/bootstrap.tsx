import { StrictMode } from 'react';
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

createRoot(document.getElementById('root') as HTMLElement).render(
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
);

registerServiceWorker();
