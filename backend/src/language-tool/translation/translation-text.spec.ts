import { chooseForm, joinGloss, parseModelTranslation, tokenise } from './translation-text';

describe('tokenise', () => {
  it('splits on spaces and punctuation, keeping apostrophes inside words and combining marks', () => {
    expect(tokenise("Don't drink the water, friend!")).toEqual(["Don't", 'drink', 'the', 'water', 'friend']);
    expect(tokenise('ǹdʒù mùʔ')).toEqual(['ǹdʒù', 'mùʔ']);
    expect(tokenise("'quoted' 42 n’kwa")).toEqual(['quoted', '42', 'n’kwa']);
    expect(tokenise(' ... ')).toEqual([]);
  });

  it('keeps a decomposed accent with its letter', () => {
    expect(tokenise('mu\u0300ʔ')).toEqual(['mùʔ']);
  });
});

describe('chooseForm', () => {
  it('prefers numerals, then ASJP, then Koelle, then the shortest', () => {
    const asjp = { text: 'mu', sourceKind: 'asjp-v12' as const };
    const numeral = { text: 'mùʔ', sourceKind: 'numerals' as const };
    const koelle = { text: 'mī', sourceKind: 'polyglottaafricana' as const };
    expect(chooseForm([asjp, koelle, numeral])).toBe(numeral);
    expect(chooseForm([koelle, asjp])).toBe(asjp);
    expect(
      chooseForm([
        { text: 'bese', sourceKind: 'asjp-v12' },
        { text: 'be', sourceKind: 'asjp-v12' },
      ])?.text,
    ).toBe('be');
    expect(chooseForm([])).toBeUndefined();
  });

  it("prefers Hausa's modern 'ruwa' (ASJP) to Koelle's 1854 'lū́a' for water, though Koelle's is shorter", () => {
    expect(
      chooseForm([
        { text: 'lū́a', sourceKind: 'polyglottaafricana' },
        { text: 'ruwa', sourceKind: 'asjp-v12' },
      ])?.text,
    ).toBe('ruwa');
  });
});

describe('joinGloss', () => {
  it('writes an unknown word as a dash, never the word in brackets, and answers empty when nothing was found', () => {
    expect(
      joinGloss([
        { word: 'Where', gloss: null },
        { word: 'water', gloss: 'ruwa' },
      ]),
    ).toBe('— ruwa');
    expect(joinGloss([{ word: 'the', gloss: null }])).toBe('');
  });
});

describe('parseModelTranslation', () => {
  it('reads JSON, fenced JSON, and plain text', () => {
    expect(parseModelTranslation('{"translation": "mu"}')).toBe('mu');
    expect(parseModelTranslation('Here:\n```json\n{"translation":"mu ti"}\n```')).toBe('mu ti');
    expect(parseModelTranslation('Translation: "mu"')).toBe('mu');
    expect(parseModelTranslation('  mu  ')).toBe('mu');
    expect(parseModelTranslation('{not json}')).toBe('{not json}');
    expect(parseModelTranslation('')).toBe('');
  });
});
