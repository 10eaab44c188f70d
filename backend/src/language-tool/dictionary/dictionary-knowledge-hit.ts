// How a dictionary entry reads as a knowledge hit (the offline advisor's citations, local web
// search), in the question's language: a French question is answered with French titles.
import type { DictionarySourceKind } from '@kasa/contracts';
import type { ReplyLanguage } from '../../ai/language/detect-language';
import { SOURCE_KIND_LABELS } from './dictionary-entry';
import type { DictionaryKnowledgeMatch } from './dictionary.repository';

type HitEntry = Pick<
  DictionaryKnowledgeMatch,
  'form' | 'gloss' | 'language' | 'languageName' | 'source' | 'sourceKind'
>;

const KIND_LABELS: Readonly<Record<ReplyLanguage, Readonly<Record<DictionarySourceKind, string>>>> = {
  en: SOURCE_KIND_LABELS,
  fr: {
    numerals: 'numéraux',
    polyglottaafricana: 'transcription de Koelle (1854)',
    'asjp-v12': 'code ASJP',
    AI: "suggéré par l'IA",
  },
};

/** What a reader must know about a form of this kind, for the excerpt. */
const KIND_NOTES: Readonly<Record<ReplyLanguage, Readonly<Record<DictionarySourceKind, string>>>> = {
  en: {
    numerals: 'a numeral as written',
    polyglottaafricana: "Koelle's 1854 transcription in Polyglotta Africana, not today's spelling",
    'asjp-v12': "ASJP's phonetic ASCII code, not spelling",
    AI: 'suggested by an AI model, not from the open data',
  },
  fr: {
    numerals: 'un numéral tel qu’il s’écrit',
    polyglottaafricana:
      "la transcription de Koelle (1854) dans Polyglotta Africana, pas l'orthographe d'aujourd'hui",
    'asjp-v12': "le code phonétique ASCII d'ASJP, pas l'orthographe",
    AI: "suggéré par un modèle d'IA, pas tiré des données ouvertes",
  },
};

const FRENCH_LANGUAGE_NAMES = new Intl.DisplayNames(['fr'], { type: 'language', fallback: 'none' });

/** The entry's language named in French where Intl knows its code ('hau' → 'haoussa'), else the catalog's name. */
function languageNameIn(entry: HitEntry, language: ReplyLanguage): string {
  if (language === 'en') return entry.languageName;
  try {
    return FRENCH_LANGUAGE_NAMES.of(entry.language) ?? entry.languageName;
  } catch {
    return entry.languageName;
  }
}

export function dictionaryHitTitle(entry: HitEntry, language: ReplyLanguage): string {
  const where = `${languageNameIn(entry, language)}, ${KIND_LABELS[language][entry.sourceKind]}`;
  return language === 'fr'
    ? `Dictionnaire : ${entry.gloss} → ${entry.form} (${where})`
    : `Dictionary: ${entry.gloss} → ${entry.form} (${where})`;
}

export function dictionaryHitExcerpt(entry: HitEntry, language: ReplyLanguage): string {
  const name = languageNameIn(entry, language);
  const note = KIND_NOTES[language][entry.sourceKind];
  return language === 'fr'
    ? `En ${name} (${entry.language}), « ${entry.gloss} » (anglais) se dit « ${entry.form} » : ${note} (source ${entry.source} ; données ouvertes, CC BY 4.0).`
    : `In ${entry.languageName} (${entry.language}), '${entry.gloss}' is '${entry.form}': ${note} (source ${entry.source}; open data, CC BY 4.0).`;
}
