import { defineMessages, languageDisplayName, type Language } from '@kasa/ui';

/** Languages offered as chips (ISO 639-1 or 639-3), the widely spoken ones of Kasa's countries. */
export const SPOKEN_LANGUAGES = [
  'en',
  'fr',
  'pcm',
  'ha',
  'yo',
  'ig',
  'ff',
  'ewo',
  'dua',
  'bax',
  'sw',
  'am',
  'wo',
  'tw',
  'ln',
] as const;
type SpokenLanguage = (typeof SPOKEN_LANGUAGES)[number];

/** Names for browsers whose Intl data lacks a language (older Android WebViews know few). */
const spokenLanguageNames = defineMessages<SpokenLanguage>({
  en: {
    en: 'English',
    fr: 'French',
    pcm: 'Pidgin',
    ha: 'Hausa',
    yo: 'Yoruba',
    ig: 'Igbo',
    ff: 'Fulfulde',
    ewo: 'Ewondo',
    dua: 'Duala',
    bax: 'Bamun',
    sw: 'Swahili',
    am: 'Amharic',
    wo: 'Wolof',
    tw: 'Twi',
    ln: 'Lingala',
  },
  fr: {
    en: 'anglais',
    fr: 'français',
    pcm: 'pidgin',
    ha: 'haoussa',
    yo: 'yoruba',
    ig: 'igbo',
    ff: 'fulfulde',
    ewo: 'éwondo',
    dua: 'douala',
    bax: 'bamoun',
    sw: 'swahili',
    am: 'amharique',
    wo: 'wolof',
    tw: 'twi',
    ln: 'lingala',
  },
});

/**
 * Intl names Twi and Fulfulde after the wider language (Akan, Fula): the speakers' own name is
 * the one they will look for.
 */
const OWN_NAME_FIRST: ReadonlySet<string> = new Set(['tw', 'ff']);

const isSpokenLanguage = (code: string): code is SpokenLanguage =>
  (SPOKEN_LANGUAGES as readonly string[]).includes(code);

/** A language's name in the interface language; a code nobody can name stays the code. */
export function spokenLanguageName(code: string, language: Language): string {
  if (!isSpokenLanguage(code)) return languageDisplayName(code, language);
  const ownName = spokenLanguageNames[language][code];
  return OWN_NAME_FIRST.has(code) ? ownName : languageDisplayName(code, language, ownName);
}
