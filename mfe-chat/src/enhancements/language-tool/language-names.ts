// The language tool's names in the interface language (@kasa/ui display-names): a language or
// country Intl knows is named in French in French ('anglais', 'Cameroun'); one it does not know
// (most of the lexicon's, Babanki 'bbk') keeps the catalog's name (backend languages/).
import { useMemo } from 'react';
import { INTERNATIONAL_COUNTRY, type LanguageOption } from '@kasa/contracts';
import { useDisplayNames, useT, type DisplayNames } from '@kasa/ui';
import { languageToolMessages } from './messages';

/** A picker language as shown: names in the interface language, the catalog's kept for search. */
export interface ShownLanguage {
  code: string;
  name: string;
  /** Its countries, comma-separated, or "International" in the interface language. */
  country: string;
  /** The group it is listed under: its first country. */
  group: string;
  international: boolean;
  /** What typed text is matched against: shown and catalog names, countries and the code. */
  searchText: string;
}

export function showLanguage(
  option: LanguageOption,
  names: DisplayNames,
  international: string,
): ShownLanguage {
  const isInternational = option.country === INTERNATIONAL_COUNTRY;
  const name = names.language(option.code, option.name);
  const countries = isInternational
    ? [international]
    : option.countryCodes.length
      ? option.countryCodes.map((code) => names.region(code))
      : option.country.split(',').map((country) => country.trim());
  const country = countries.join(', ');
  return {
    code: option.code,
    name,
    country,
    group: countries[0] || country,
    international: isInternational,
    searchText: `${name} ${option.name} ${country} ${option.country} ${option.code}`.toLowerCase(),
  };
}

/** Names of languages and lists of the tool's languages, in the interface language. */
export function useLanguageNames() {
  const names = useDisplayNames();
  const t = useT(languageToolMessages);
  const international = t('international');
  return useMemo(
    () => ({
      /** A language by code; `fallback` (the server's name, else the code) when Intl has none. */
      language: (code: string, fallback?: string) => names.language(code, fallback ?? code),
      show: (option: LanguageOption) => showLanguage(option, names, international),
    }),
    [names, international],
  );
}
