import { dictionaryHitExcerpt, dictionaryHitTitle } from './dictionary-knowledge-hit';

const hausa = {
  form: 'ruwa',
  gloss: 'water',
  language: 'hau',
  languageName: 'Hausa',
  source: 'asjp-v12:HAUSA',
  sourceKind: 'asjp-v12',
} as const;
const babanki = {
  ...hausa,
  form: 'ndzə̀',
  language: 'bbk',
  languageName: 'Babanki',
  source: 'polyglottaafricana:BABANKI',
  sourceKind: 'polyglottaafricana',
} as const;

describe('a dictionary entry as a knowledge hit', () => {
  it('reads in English for an English question, as before', () => {
    expect(dictionaryHitTitle(hausa, 'en')).toBe('Dictionary: water → ruwa (Hausa, ASJP code)');
    expect(dictionaryHitExcerpt(hausa, 'en')).toBe(
      "In Hausa (hau), 'water' is 'ruwa': ASJP's phonetic ASCII code, not spelling (source asjp-v12:HAUSA; open data, CC BY 4.0).",
    );
  });

  it('reads in French for a French question, the language named in French where Intl knows it', () => {
    expect(dictionaryHitTitle(hausa, 'fr')).toBe('Dictionnaire : water → ruwa (haoussa, code ASJP)');
    expect(dictionaryHitExcerpt(hausa, 'fr')).toBe(
      "En haoussa (hau), « water » (anglais) se dit « ruwa » : le code phonétique ASCII d'ASJP, pas l'orthographe (source asjp-v12:HAUSA ; données ouvertes, CC BY 4.0).",
    );
  });

  it("keeps the catalog's name for a language Intl does not name (Babanki)", () => {
    expect(dictionaryHitTitle(babanki, 'fr')).toBe(
      'Dictionnaire : water → ndzə̀ (Babanki, transcription de Koelle (1854))',
    );
    expect(dictionaryHitExcerpt(babanki, 'fr')).toMatch(/^En Babanki \(bbk\), « water »/);
  });
});
