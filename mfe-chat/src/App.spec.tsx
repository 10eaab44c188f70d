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
  expect(screen.getByTestId('chat-page')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument();
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

test('greets the user as the assistant and says there are no conversations yet', () => {
  renderApp('/chat');
  expect(screen.getByTestId('chat-welcome')).toHaveTextContent("Hello, I'm Kasa, your AI assistant");
  expect(screen.getByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
});

test('speaks French when the UI language is French', () => {
  renderApp('/chat', 'fr');
  expect(screen.getByRole('heading', { level: 1, name: 'Discussion' })).toBeInTheDocument();
  expect(screen.getByTestId('chat-welcome')).toHaveTextContent('Bonjour, je suis Kasa, votre assistant IA');
  expect(screen.getByTestId('chat-welcome')).toHaveTextContent("J'aide les agriculteurs");
  expect(
    screen.getByRole('heading', { level: 2, name: 'Aucune conversation pour le moment' }),
  ).toBeInTheDocument();
  expect(screen.getByTestId('chat-empty')).toHaveTextContent(
    "L'envoi de messages n'est pas encore disponible.",
  );
  expect(screen.queryByText(/conversations yet|AI assistant/)).not.toBeInTheDocument();
});
