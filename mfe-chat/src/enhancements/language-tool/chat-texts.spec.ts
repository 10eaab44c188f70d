import type { Analysis, DictionaryStats, TranslationResponse } from '@kasa/contracts';
import { formatMessage, type Translate } from '@kasa/ui';
import { analysisText, definitionsText, statisticsText, translationText } from './chat-texts';
import { languageToolMessages, type LanguageToolText } from './messages';

function wordingIn(language: 'en' | 'fr') {
  const t: Translate<LanguageToolText> = (key, vars) =>
    formatMessage(languageToolMessages[language][key], vars);
  const names: Record<string, Record<string, string>> = {
    en: { eng: 'English', hau: 'Hausa', fra: 'French' },
    fr: { eng: 'anglais', hau: 'haoussa', fra: 'français' },
  };
  return {
    t,
    languageName: (code: string, fallback?: string) => names[language][code] ?? fallback ?? code,
    percent: (confidence: number) => Math.round(confidence * 100),
  };
}

const gloss: TranslationResponse = {
  success: true,
  text: 'Where is the water',
  translation: '[Where] [is] [the] ruwa',
  fromLanguage: 'eng',
  toLanguage: 'hau',
  kind: 'gloss',
  glossWords: [],
  databaseMatches: [{ word: 'water', translation: 'ruwa', partOfSpeech: 'noun', source: 'asjp-v12:HAUSA' }],
  missingWords: ['where', 'is', 'the'],
  note: null,
  model: null,
  dictionaryLoading: null,
} as unknown as TranslationResponse;

describe('the language tool’s text for the chat', () => {
  it('words a gloss in French as the tab does: language names, gloss label and missing words', () => {
    const text = translationText(gloss, wordingIn('fr'));
    expect(text.split('\n')).toEqual([
      'anglais → haoussa : Where is the water',
      'Glose mot à mot (pas une traduction) : [Where] [is] [the] ruwa',
      '',
      'water → ruwa (noun)',
      '',
      'Absents du dictionnaire : where, is, the',
    ]);
    expect(text).not.toMatch(/Not in the dictionary|Word-by-word|English/);
  });

  it('keeps the English wording in English, and a translation is not called a gloss', () => {
    expect(translationText(gloss, wordingIn('en'))).toContain('Word-by-word gloss (not a translation): ');
    const translated = { ...gloss, kind: 'translation', translation: 'Ina ruwa yake' } as TranslationResponse;
    expect(translationText(translated, wordingIn('en')).split('\n').slice(0, 2)).toEqual([
      'English → Hausa: Where is the water',
      'Ina ruwa yake',
    ]);
  });

  it('heads a dictionary look-up with the French word for dictionary and names languages in French', () => {
    const text = definitionsText(
      {
        word: 'water',
        definitions: [
          {
            word: 'ruwa',
            language: 'hau',
            languageName: 'Hausa',
            translation: 'water',
            partOfSpeech: 'noun',
            source: 'numerals',
          },
          {
            word: 'ndʒɨ',
            language: 'bbk',
            languageName: 'Babanki',
            translation: 'water',
            partOfSpeech: null,
            source: 'polyglottaafricana',
          },
        ],
      } as never,
      wordingIn('fr'),
    );
    expect(text.split('\n')).toEqual([
      'Dictionnaire : water',
      '- ruwa (haoussa): water, noun [numerals]',
      '- ndʒɨ (Babanki): water [polyglottaafricana]',
    ]);
  });

  it('words an analysis in French: detected language, entities by their French type', () => {
    const analysis = {
      text: 'Je vais à Douala',
      linguisticAnalysis: {
        detectedLanguage: 'fra',
        detectedLanguageName: 'French',
        confidence: 0.93,
        mixedLanguages: ['eng'],
        culturalContext: null,
        method: 'franc',
      },
      translations: [],
      pronunciation: [
        { language: 'fra', phonetic: 'ʒə vɛ a duala', toneMarking: null, available: true, note: null },
      ],
      namedEntities: [{ text: 'Douala', type: 'PLACE', language: 'fra', description: '' }],
      dictionary: [],
      mode: 'offline',
      model: null,
      notes: [],
    } as Analysis;
    expect(analysisText(analysis, wordingIn('fr')).split('\n')).toEqual([
      'Analyse de : Je vais à Douala',
      'Langue : français (93 %)',
      'Aussi dans le texte : anglais',
      'Prononciation (français) : ʒə vɛ a duala',
      'Entités nommées : Douala (Lieu)',
    ]);
  });

  it('words the statistics and the open-data credit in French', () => {
    const stats = { languages: 91, entries: 52267, bySource: [{ source: 'asjp-v12', entries: 40000 }] };
    expect(statisticsText(stats as unknown as DictionaryStats, wordingIn('fr')).split('\n')).toEqual([
      'Dictionnaire : 91 langues, 52267 entrées',
      '- asjp-v12: 40000',
      languageToolMessages.fr.credit,
    ]);
  });
});
