import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '@kasa/api-client';
import { KasaUiProvider } from '@kasa/ui';
import { AuthCard } from './AuthCard';
import { AuthRedirectProvider } from './auth-redirect';

function renderCard(language: 'en' | 'fr' = 'en') {
  render(
    <MemoryRouter initialEntries={['/']}>
      <QueryClientProvider client={createQueryClient()}>
        <KasaUiProvider initialLanguage={language}>
          <AuthRedirectProvider>
            <AuthCard onForgotPassword={jest.fn()} />
          </AuthRedirectProvider>
        </KasaUiProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

test.each([
  [
    'en',
    'Email (optional)',
    'Only used to send you a code if you forget your password. Without an e-mail, a forgotten password cannot be reset.',
  ],
  [
    'fr',
    'E-mail (facultatif)',
    'Sert uniquement à vous envoyer un code si vous oubliez votre mot de passe. Sans e-mail, un mot de passe oublié ne peut pas être réinitialisé.',
  ],
] as const)(
  'sign-up (%s) says under the optional e-mail that without one a forgotten password cannot be reset',
  async (language, label, note) => {
    renderCard(language);
    await userEvent.click(screen.getByTestId('auth-toggle-mode'));
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(note);
  },
);
