import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@kasa/api-client';
import { KasaUiProvider, type Language } from '@kasa/ui';
import App from './App';

function renderApp(path = '/', initialLanguage?: Language) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <KasaUiProvider
          appInfo={{ appName: 'Kasa', assistantName: 'Kasa' }}
          initialLanguage={initialLanguage}
        >
          <App />
        </KasaUiProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

test('renders its page frame inside the providers', () => {
  renderApp();
  expect(screen.getByTestId('studio-page')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'AI Studio' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Kasa' })).toHaveAttribute('href', '/');
  for (const [label, href] of [
    ['Chat', '/chat'],
    ['AI Studio', '/ai-studio'],
    ['Subscription', '/subscription'],
    ['Account', '/account'],
  ]) {
    expect(screen.getByRole('link', { name: label })).toHaveAttribute('href', href);
  }
  expect(screen.getAllByTestId('theme-toggle').length).toBeGreaterThan(0);
});

test('shows only real controls: every button does something (language and theme switches)', () => {
  renderApp();
  for (const button of screen.queryAllByRole('button')) {
    expect(['theme-toggle', 'language-switch']).toContain(button.getAttribute('data-testid'));
  }
});

test('names the three sections and says they are not connected yet', () => {
  renderApp('/ai-studio');
  for (const name of ['Overview', 'Media Studio', 'Voice Lab']) {
    expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
  }
  expect(screen.getAllByText(/Not connected yet/)).toHaveLength(2);
  expect(screen.getByRole('link', { name: 'AI Studio' })).toHaveAttribute('aria-current', 'page');
});

test('speaks French when the UI language is French', () => {
  renderApp('/ai-studio', 'fr');
  expect(screen.getByRole('heading', { level: 1, name: 'Studio IA' })).toBeInTheDocument();
  expect(screen.getByText('Créez des images et travaillez avec la voix.')).toBeInTheDocument();
  for (const name of ["Vue d'ensemble", 'Studio média', 'Labo voix']) {
    expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
  }
  expect(screen.getAllByText(/Pas encore disponible/)).toHaveLength(2);
  expect(screen.queryByText(/Not connected yet/)).not.toBeInTheDocument();
});
