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
  expect(screen.getByTestId('billing-page')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Plans and usage' })).toBeInTheDocument();
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

test('serves /subscription and /payments, marking Subscription as current', () => {
  renderApp('/payments');
  expect(screen.getByRole('link', { name: 'Subscription' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('heading', { level: 2, name: 'Your plan' })).toBeInTheDocument();
});

test('speaks French when the UI language is French', () => {
  renderApp('/subscription', 'fr');
  expect(screen.getByRole('heading', { level: 1, name: 'Forfaits et utilisation' })).toBeInTheDocument();
  expect(screen.getByText('Votre abonnement et votre utilisation du mois.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Votre forfait' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Paiements' })).toBeInTheDocument();
  expect(screen.getByTestId('billing-payments')).toHaveTextContent('Payez par carte ou par mobile money');
  expect(screen.getByRole('link', { name: 'Abonnement' })).toHaveAttribute('aria-current', 'page');
});

test('names the payments page in French on /payments', () => {
  renderApp('/payments', 'fr');
  // The subtitle under the page heading and the Payments section heading.
  expect(screen.getAllByText('Paiements')).toHaveLength(2);
  expect(screen.queryByText('Votre abonnement et votre utilisation du mois.')).not.toBeInTheDocument();
});
