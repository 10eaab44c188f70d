import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * English and French for every UI text. A deliberately tiny i18n (≈1 KB) instead of i18next +
 * react-i18next (≈14 KB gz): the landing page's JavaScript budget is 220 KB gz and this app only
 * needs keyed strings with {placeholders} in two languages.
 *
 * Each feature keeps its own catalog beside its code (`defineMessages({ en, fr })`); the French
 * catalog must have exactly the English keys, which TypeScript checks. The English strings are
 * the product's wording (docs/product.md).
 */
export type Language = 'en' | 'fr';

export const LANGUAGES: ReadonlyArray<{ code: Language; label: string }> = [
  { code: 'en', label: 'English' },
  { code: 'fr', label: 'Français' },
];

export const LANGUAGE_STORAGE_KEY = 'kasa-language';

/** BCP 47 locale used for dates and numbers in each UI language. */
export const LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR' };

function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'fr';
}

export function readStoredLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The kept choice, else the browser's first English or French preference, else English. */
export function detectLanguage(): Language {
  const stored = readStoredLanguage();
  if (stored) return stored;
  const preferred =
    typeof navigator === 'undefined'
      ? []
      : navigator.languages?.length
        ? navigator.languages
        : [navigator.language];
  for (const tag of preferred) {
    const base = String(tag ?? '')
      .toLowerCase()
      .split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export type Messages = Record<string, string>;
export interface Catalog<K extends string> {
  en: Record<K, string>;
  fr: Record<K, string>;
}

/** A feature's texts in both languages. Placeholders are written {name}. */
export function defineMessages<K extends string>(catalog: Catalog<K>): Catalog<K> {
  return catalog;
}

export type MessageVars = Record<string, string | number>;

/** Fills {name} placeholders; an unknown placeholder stays as written (visible, not silently empty). */
export function formatMessage(template: string, vars?: MessageVars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : match,
  );
}

export interface LanguageContextValue {
  language: Language;
  setLanguage: (language: Language) => void;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

/**
 * Owns the UI language: detected once, saved to localStorage 'kasa-language' when the visitor
 * chooses, mirrored on <html lang> and followed across tabs.
 */
export function LanguageProvider({
  initialLanguage,
  children,
}: {
  initialLanguage?: Language;
  children: ReactNode;
}) {
  const [language, setLanguageState] = useState<Language>(() => initialLanguage ?? detectLanguage());

  const setLanguage = useCallback((next: Language) => {
    setLanguageState(next);
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // Storage unavailable: the choice lasts for this page only.
    }
  }, []);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === LANGUAGE_STORAGE_KEY && isLanguage(event.newValue)) setLanguageState(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** Without a provider (a component rendered alone in a test) the UI is English. */
const ENGLISH_ONLY: LanguageContextValue = { language: 'en', setLanguage: () => undefined };

export function useLanguage(): LanguageContextValue {
  return useContext(LanguageContext) ?? ENGLISH_ONLY;
}

export type Translate<K extends string> = (key: K, vars?: MessageVars) => string;

/** `const t = useT(messages); t('signIn')` in the current language. */
export function useT<K extends string>(catalog: Catalog<K>): Translate<K> {
  const { language } = useLanguage();
  return useCallback(
    (key: K, vars?: MessageVars) => formatMessage(catalog[language][key] ?? catalog.en[key] ?? key, vars),
    [catalog, language],
  );
}

/** Formats an ISO date (YYYY-MM-DD or a timestamp) as '1 March 2025' / '1 mars 2025'. */
export function formatLongDate(value: string, language: Language): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleDateString(LOCALES[language], {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
}
