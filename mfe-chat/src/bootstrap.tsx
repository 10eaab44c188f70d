// Standalone mode (`npm run dev -w <this remote>`): the providers the shell gives it when embedded.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@kasa/api-client';
import { KasaUiProvider } from '@kasa/ui';
import App from './App';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <BrowserRouter>
        <KasaUiProvider>
          <App />
        </KasaUiProvider>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
