import { chooseForm, joinTranslation, parseModelTranslation, tokenise } from './translation-text';

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
  it('prefers numerals, then Koelle, then ASJP, then the shortest', () => {
    const asjp = { text: 'mo7', sourceKind: 'asjp-v12' as const };
    const numeral = { text: 'mùʔ', sourceKind: 'numerals' as const };
    const koelle = { text: 'mu', sourceKind: 'polyglottaafricana' as const };
    expect(chooseForm([asjp, koelle, numeral])).toBe(numeral);
    expect(chooseForm([asjp, koelle])).toBe(koelle);
    expect(
      chooseForm([
        { text: 'b3s3', sourceKind: 'asjp-v12' },
        { text: 'b3', sourceKind: 'asjp-v12' },
      ])?.text,
    ).toBe('b3');
    expect(chooseForm([])).toBeUndefined();
  });
});

describe('joinTranslation', () => {
  it('brackets missing words and answers empty when nothing was found', () => {
    expect(
      joinTranslation([
        { word: 'cold', translation: 'fi' },
        { word: 'the', translation: null },
      ]),
    ).toBe('fi [the]');
    expect(joinTranslation([{ word: 'the', translation: null }])).toBe('');
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
