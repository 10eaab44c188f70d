import { identifyLanguage, residualText } from './language-identification';
import { textWords } from './text-words';

const languagesOf = (entries: Record<string, string[]>) => new Map(Object.entries(entries));

describe('identifyLanguage', () => {
  it("takes franc's choice for a sentence the dictionary does not know, steadied by function words", () => {
    const words = textWords('Je vais au marché de Bamenda avec Marie demain.');
    // franc alone is unsure on a short sentence (a close runner-up); the French function words decide.
    const result = identifyLanguage({
      words,
      formLanguages: new Map(),
      franc: [
        ['hau', 1],
        ['fra', 0.95],
        ['eng', 0.8],
      ],
    });
    expect(result).toMatchObject({ detectedLanguage: 'fra', mixedLanguages: [], method: 'franc' });
    expect(result.confidence).toBeGreaterThan(0.5);
    expect(result.confidence).toBeLessThanOrEqual(1);
  });

  it('gives franc the words without names', () => {
    const words = textWords('Je vais au marché de Bamenda avec Marie demain.');
    expect(residualText(words, new Map())).toBe('Je vais au marché de avec demain');
  });

  it('detects a lexicon language from its words, and English beside it as mixed', () => {
    const words = textWords('mɔ́ʔɔ̂ bâ tárə̂ kwà tánə̀ nɨ̀ɣɨ̂m in my village');
    const formLanguages = languagesOf({
      mɔʔɔ: ['nge'],
      ba: ['nge', 'bbk'],
      tarə: ['nge'],
      kwa: ['nge'],
      tanə: ['nge'],
      nɨɣɨm: ['nge'],
      // An English function word that is also a form somewhere is not evidence.
      in: ['ibo'],
    });
    expect(residualText(words, formLanguages)).toBe('in my village');
    const result = identifyLanguage({
      words,
      formLanguages,
      franc: [
        ['eng', 1],
        ['fra', 0.7],
      ],
    });
    expect(result.detectedLanguage).toBe('nge');
    expect(result.mixedLanguages).toEqual(['eng']);
    expect(result.method).toBe('franc+dictionary');
    expect(result.shares.nge).toBeCloseTo(5.5 / 9, 2);
    expect(result.shares.bbk).toBeCloseTo(0.5 / 9, 2);
    expect(result.confidence).toBeGreaterThan(0.4);
  });

  it('uses the dictionary alone when every word is a form', () => {
    const words = textWords('ótù àbʊ̄ɔ́ àtɔ́');
    const result = identifyLanguage({
      words,
      formLanguages: languagesOf({ otu: ['ibo'], abʊɔ: ['ibo'], atɔ: ['ibo'] }),
      franc: [],
    });
    expect(result).toMatchObject({ detectedLanguage: 'ibo', mixedLanguages: [], method: 'dictionary' });
    // Three words are some evidence, not certainty.
    expect(result.confidence).toBe(0.75);
  });

  it("answers 'und' with no confidence when nothing decides", () => {
    expect(
      identifyLanguage({ words: textWords('hello'), formLanguages: new Map(), franc: [['und', 1]] }),
    ).toEqual({ detectedLanguage: 'und', confidence: 0, mixedLanguages: [], method: 'none', shares: {} });
    expect(
      identifyLanguage({ words: textWords('  !! 42 '), formLanguages: new Map(), franc: [] }),
    ).toMatchObject({
      detectedLanguage: 'und',
      method: 'none',
    });
  });

  it('is unsure of a single dictionary word', () => {
    const result = identifyLanguage({
      words: textWords('mu'),
      formLanguages: languagesOf({ mu: ['bbk'] }),
      franc: [],
    });
    expect(result.detectedLanguage).toBe('bbk');
    expect(result.confidence).toBe(0.5);
  });

  it('decides English from function words when franc finds the text too short', () => {
    const result = identifyLanguage({
      words: textWords('the water'),
      formLanguages: new Map(),
      franc: [['und', 1]],
    });
    expect(result.detectedLanguage).toBe('eng');
    expect(result.confidence).toBeLessThan(0.5);
  });

  it('settles a near tie of franc for a language the request names', () => {
    const words = textWords('Ina kwana? Lafiya lau, na gode sosai.');
    const franc: [string, number][] = [
      ['swh', 1],
      ['hau', 0.95],
    ];
    expect(identifyLanguage({ words, formLanguages: new Map(), franc }).detectedLanguage).toBe('swh');
    expect(
      identifyLanguage({ words, formLanguages: new Map(), franc, requested: ['hau', 'eng'] })
        .detectedLanguage,
    ).toBe('hau');
  });
});
