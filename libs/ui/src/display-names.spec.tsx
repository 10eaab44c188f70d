import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { languageDisplayName, regionDisplayName, useDisplayNames } from './display-names';
import { LanguageProvider, useLanguage } from './i18n';

test('a language code is named in the interface language', () => {
  expect(languageDisplayName('en', 'fr')).toBe('anglais');
  expect(languageDisplayName('eng', 'fr')).toBe('anglais');
  expect(languageDisplayName('fra', 'en')).toBe('French');
  expect(languageDisplayName('ibo', 'fr', 'Igbo (server)')).toBe('igbo');
});

test('a language Intl cannot name keeps the fallback, not the code echoed back', () => {
  expect(languageDisplayName('bbk', 'fr', 'Babanki')).toBe('Babanki');
  expect(languageDisplayName('bbk', 'en', 'Babanki')).toBe('Babanki');
  expect(languageDisplayName('bbk', 'en')).toBe('bbk');
  expect(languageDisplayName('International', 'fr', 'International')).toBe('International');
  expect(languageDisplayName('', 'fr', '—')).toBe('—');
});

test('a country code is named in the interface language', () => {
  expect(regionDisplayName('CM', 'fr')).toBe('Cameroun');
  expect(regionDisplayName('CM', 'en')).toBe('Cameroon');
  expect(regionDisplayName('NG', 'fr', 'Nigeria')).toBe('Nigeria');
  expect(regionDisplayName('not a region', 'fr', 'Somewhere')).toBe('Somewhere');
});

function Names() {
  const names = useDisplayNames();
  const { setLanguage } = useLanguage();
  return (
    <>
      <output data-testid="names">
        {names.language('eng', 'English')} / {names.region('CM', 'Cameroon')} /{' '}
        {names.language('bbk', 'Babanki')}
      </output>
      <button type="button" onClick={() => setLanguage('fr')}>
        fr
      </button>
    </>
  );
}

test('the hook follows the interface language when the user switches it', async () => {
  window.localStorage.clear();
  render(
    <LanguageProvider initialLanguage="en">
      <Names />
    </LanguageProvider>,
  );
  expect(screen.getByTestId('names')).toHaveTextContent('English / Cameroon / Babanki');
  await userEvent.click(screen.getByRole('button', { name: 'fr' }));
  expect(screen.getByTestId('names')).toHaveTextContent('anglais / Cameroun / Babanki');
});
