import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  LANGUAGE_STORAGE_KEY,
  LanguageProvider,
  defineMessages,
  detectLanguage,
  formatLongDate,
  formatMessage,
  useT,
} from './i18n';
import { LanguageSwitch } from './LanguageSwitch';

const messages = defineMessages({
  en: { hello: 'Hello {name}' },
  fr: { hello: 'Bonjour {name}' },
});

function Greeting() {
  const t = useT(messages);
  return <p data-testid="greeting">{t('hello', { name: 'Awa' })}</p>;
}

function setBrowserLanguages(languages: string[]) {
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
}

beforeEach(() => {
  localStorage.clear();
  setBrowserLanguages(['en-US', 'en']);
});

describe('detectLanguage', () => {
  it('takes the first English or French browser preference', () => {
    setBrowserLanguages(['fr-CM', 'en']);
    expect(detectLanguage()).toBe('fr');
    setBrowserLanguages(['sw-KE', 'en-GB', 'fr']);
    expect(detectLanguage()).toBe('en');
  });

  it('falls back to English when the browser prefers neither', () => {
    setBrowserLanguages(['ha-NG', 'yo']);
    expect(detectLanguage()).toBe('en');
  });

  it('prefers the kept choice over the browser', () => {
    setBrowserLanguages(['en-US']);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(detectLanguage()).toBe('fr');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    expect(detectLanguage()).toBe('en');
  });
});

describe('formatMessage', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('{a} of {b}', { a: 3, b: 'ten' })).toBe('3 of ten');
    expect(formatMessage('{a} and {missing}', { a: 1 })).toBe('1 and {missing}');
  });
});

describe('formatLongDate', () => {
  it('writes the date in the UI language and keeps unparseable text', () => {
    expect(formatLongDate('2025-03-01', 'en')).toBe('1 March 2025');
    expect(formatLongDate('2025-03-01', 'fr')).toBe('1 mars 2025');
    expect(formatLongDate('soon', 'fr')).toBe('soon');
  });
});

describe('LanguageProvider and LanguageSwitch', () => {
  it('renders in the browser language, switches on one tap and keeps the choice', async () => {
    setBrowserLanguages(['fr-FR']);
    const { unmount } = render(
      <LanguageProvider>
        <Greeting />
        <LanguageSwitch />
      </LanguageProvider>,
    );
    expect(screen.getByTestId('greeting')).toHaveTextContent('Bonjour Awa');
    expect(document.documentElement.lang).toBe('fr');
    expect(screen.getByTestId('language-switch')).toHaveTextContent('English');

    await userEvent.click(screen.getByTestId('language-switch'));
    expect(screen.getByTestId('greeting')).toHaveTextContent('Hello Awa');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    unmount();

    // A new page load keeps the choice although the browser still prefers French.
    render(
      <LanguageProvider>
        <Greeting />
      </LanguageProvider>,
    );
    expect(screen.getByTestId('greeting')).toHaveTextContent('Hello Awa');
  });

  it('follows a change made in another tab', () => {
    render(
      <LanguageProvider initialLanguage="en">
        <Greeting />
      </LanguageProvider>,
    );
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: LANGUAGE_STORAGE_KEY, newValue: 'fr' }));
    });
    expect(screen.getByTestId('greeting')).toHaveTextContent('Bonjour Awa');
  });

  it('without a provider, components render in English', () => {
    render(<Greeting />);
    expect(screen.getByTestId('greeting')).toHaveTextContent('Hello Awa');
  });
});
