import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@kasa/api-client';
import { KasaUiProvider, type Language } from '@kasa/ui';

/** Renders inside what the shell provides: router, the app's query client, UI kit (language, toasts). */
export function renderInShell(ui: ReactElement, { language = 'en' }: { language?: Language } = {}) {
  const queryClient = createQueryClient();
  const result = render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <KasaUiProvider appInfo={{ appName: 'Kasa' }} initialLanguage={language}>
          {ui}
        </KasaUiProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { ...result, queryClient };
}
