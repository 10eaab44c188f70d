import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createQueryClient } from '@kasa/api-client';
import { KasaUiProvider, type Language, useLanguage } from '@kasa/ui';
import { LegalPage } from './LegalPage';
import { installLegalApiDouble, type LegalPageRecord, removeFetch } from './cookies/testing/legal-api-double';

const englishPrivacy: LegalPageRecord = {
  type: 'privacy',
  language: 'en',
  title: 'Privacy Policy',
  version: '1.1',
  effectiveDate: '2026-11-24',
  content: '# Your rights\n\nYou can **export** your data.',
};
const frenchPrivacy: LegalPageRecord = {
  type: 'privacy',
  language: 'fr',
  title: 'Politique de confidentialité',
  version: '1.0',
  effectiveDate: '2026-11-29',
  content: '# Vos droits\n\nVous pouvez **exporter** vos données.',
};
const englishTerms: LegalPageRecord = {
  type: 'terms',
  language: 'en',
  title: 'Terms of Use',
  version: '1.1',
  effectiveDate: '2026-11-24',
  content: '# Agreement\n\nThese terms govern your use.',
};

/** Exposes the UI kit's language switch to the test. */
let switchLanguage: (language: Language) => void = () => undefined;
function LanguageHandle() {
  switchLanguage = useLanguage().setLanguage;
  return null;
}

function renderLegalPage(slug: string, language: Language) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/legal/${slug}`]}>
        <KasaUiProvider initialLanguage={language}>
          <LanguageHandle />
          <Routes>
            <Route path="/legal/:page" element={<LegalPage />} />
          </Routes>
        </KasaUiProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(removeFetch);

describe('LegalPage in French', () => {
  test('asks for the French page and shows it, with its own version, without the English notice', async () => {
    const api = installLegalApiDouble({ pages: [englishPrivacy, frenchPrivacy] });
    renderLegalPage('privacy', 'fr');
    const content = await screen.findByTestId('legal-content');
    expect(api.gets()).toEqual(['/api/legal/pages/privacy?lang=fr']);
    expect(content).toHaveAttribute('lang', 'fr');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Politique de confidentialité');
    expect(screen.getByRole('heading', { level: 2, name: 'Vos droits' })).toBeInTheDocument();
    expect(screen.getByText('exporter').tagName).toBe('STRONG');
    expect(screen.getByTestId('legal-meta')).toHaveTextContent(
      'Version 1.0 · En vigueur le 29 novembre 2026',
    );
    expect(screen.queryByText(/affiché en anglais/)).toBeNull();
  });

  test('a page the server answers in English keeps a French notice and marks the text as English', async () => {
    const api = installLegalApiDouble({ pages: [englishTerms] });
    renderLegalPage('terms', 'fr');
    const content = await screen.findByTestId('legal-content');
    expect(api.gets()).toEqual(['/api/legal/pages/terms?lang=fr']);
    expect(content).toHaveAttribute('lang', 'en');
    expect(content).toHaveTextContent('These terms govern your use.');
    expect(
      screen.getByText("Ce document n'est pas encore disponible en français : il est affiché en anglais."),
    ).toHaveAttribute('lang', 'fr');
  });

  test('in English it asks for the English page and shows no notice', async () => {
    const api = installLegalApiDouble({ pages: [englishPrivacy, frenchPrivacy] });
    renderLegalPage('privacy', 'en');
    expect(await screen.findByTestId('legal-content')).toHaveAttribute('lang', 'en');
    expect(api.gets()).toEqual(['/api/legal/pages/privacy?lang=en']);
    expect(screen.getByTestId('legal-meta')).toHaveTextContent('Version 1.1 · Effective 24 November 2026');
    expect(screen.queryByText(/not yet available/)).toBeNull();
  });

  test('switching the interface to French reads the page again in French', async () => {
    const api = installLegalApiDouble({ pages: [englishPrivacy, frenchPrivacy] });
    renderLegalPage('privacy', 'en');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Privacy Policy');
    await screen.findByTestId('legal-content');
    act(() => switchLanguage('fr'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Vos droits' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Politique de confidentialité');
    expect(api.gets()).toEqual(['/api/legal/pages/privacy?lang=en', '/api/legal/pages/privacy?lang=fr']);
  });
});
