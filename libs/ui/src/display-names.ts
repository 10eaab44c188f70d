// Language and country names in the interface language, from the browser's own CLDR data
// (Intl.DisplayNames): 'en' / 'eng' → 'anglais', 'CM' → 'Cameroun' in French. Many African
// languages have ISO 639-3 codes Intl does not name (Babanki, 'bbk'): those keep the name the
// server sent, which is why every call takes a fallback.
import { useMemo } from 'react';
import { useLanguage, type Language } from './i18n';

type NameKind = 'language' | 'region';

const cache = new Map<string, Intl.DisplayNames | null>();

/** One DisplayNames per (interface language, kind); null where the runtime has none. */
function displayNames(language: Language, kind: NameKind): Intl.DisplayNames | null {
  const key = `${language}:${kind}`;
  if (!cache.has(key)) {
    let names: Intl.DisplayNames | null = null;
    try {
      if (typeof Intl !== 'undefined' && 'DisplayNames' in Intl)
        names = new Intl.DisplayNames([language], { type: kind, fallback: 'none' });
    } catch {
      names = null;
    }
    cache.set(key, names);
  }
  return cache.get(key) ?? null;
}

/** Intl's name for `code`, or null when it has none (unknown code, or the code echoed back). */
function intlName(language: Language, kind: NameKind, code: string): string | null {
  const names = displayNames(language, kind);
  if (!names || !code.trim()) return null;
  try {
    const name = names.of(code);
    return name && name.toLowerCase() !== code.toLowerCase() ? name : null;
  } catch {
    // RangeError: not a well-formed code ('International', 'und-?').
    return null;
  }
}

/** A language (ISO 639-1 or 639-3 code) named in `language`; `fallback` when Intl cannot name it. */
export function languageDisplayName(code: string, language: Language, fallback: string = code): string {
  return intlName(language, 'language', code) ?? fallback;
}

/** A country (ISO 3166-1 alpha-2 code) named in `language`; `fallback` when Intl cannot name it. */
export function regionDisplayName(code: string, language: Language, fallback: string = code): string {
  return intlName(language, 'region', code) ?? fallback;
}

export interface DisplayNames {
  language: (code: string, fallback?: string) => string;
  region: (code: string, fallback?: string) => string;
}

/** Both namers bound to the interface language (they change when the user switches it). */
export function useDisplayNames(): DisplayNames {
  const { language } = useLanguage();
  return useMemo(
    () => ({
      language: (code, fallback) => languageDisplayName(code, language, fallback),
      region: (code, fallback) => regionDisplayName(code, language, fallback),
    }),
    [language],
  );
}
