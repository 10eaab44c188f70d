import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '@kasa/api-client';
import { ShellApp } from './ShellApp';
import { createMfRemoteLoader } from './mf-loader';
import { fetchRuntimeConfig, readInlineRuntimeConfig } from './runtime-config';
import { registerServiceWorker } from './pwa/register-service-worker';

const queryClient = createQueryClient();
// The page's own copy first (no round trip); a retry after a failure always asks the server.
let inlineConfig = readInlineRuntimeConfig();
const loadConfig = () => {
  const config = inlineConfig;
  inlineConfig = null;
  return config ? Promise.resolve(config) : fetchRuntimeConfig();
};

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <ShellApp loadConfig={loadConfig} createRemoteLoader={createMfRemoteLoader} queryClient={queryClient} />
    </BrowserRouter>
  </StrictMode>,
);

registerServiceWorker();
