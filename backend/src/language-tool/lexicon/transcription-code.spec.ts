import { isTranscriptionCode } from './transcription-code';

// Every sample is a form of data/lexicon/lexemes.csv, with its language and source.
describe('isTranscriptionCode', () => {
  it('recognises ASJP forms whose digits stand for letters', () => {
    expect(isTranscriptionCode('3T3Z3', 'asjp-v12')).toBe(true); // bbk sun
    expect(isTranscriptionCode('Zi7', 'asjp-v12')).toBe(true); // bbk fire
    expect(isTranscriptionCode('mo7', 'asjp-v12')).toBe(true); // bbk one
    expect(isTranscriptionCode('m3', 'asjp-v12')).toBe(true); // abn I
    expect(isTranscriptionCode('ekpe8ien', 'asjp-v12')).toBe(true); // abn eye
  });

  it("recognises ASJP's capitals and modifiers, which are sounds, not spelling", () => {
    expect(isTranscriptionCode('kuN', 'asjp-v12')).toBe(true); // agq blood
    expect(isTranscriptionCode('vErE', 'asjp-v12')).toBe(true); // agq fire
    expect(isTranscriptionCode('Emum', 'asjp-v12')).toBe(true); // abn water
    expect(isTranscriptionCode('Ti', 'asjp-v12')).toBe(true); // bbk path
    expect(isTranscriptionCode('mw~i', 'asjp-v12')).toBe(true); // agq water
    expect(isTranscriptionCode('mu*', 'asjp-v12')).toBe(true); // agq drink
    expect(isTranscriptionCode('b"E', 'asjp-v12')).toBe(true); // bss two
    expect(isTranscriptionCode('i!nS$a', 'asjp-v12')).toBe(true); // ibe stone
  });

  it('recognises tone numbers written in a numeral list', () => {
    expect(isTranscriptionCode('bu3so23', 'numerals')).toBe(true); // ncr six
    expect(isTranscriptionCode('tʰəŋ³⁴', 'numerals')).toBe(true); // ncr five
    expect(isTranscriptionCode('m3baŋ3nja³⁴', 'numerals')).toBe(true); // ncr eighty
  });

  it('keeps words: ASJP in plain letters, spelled numerals, Koelle with its marks and capitals', () => {
    expect(isTranscriptionCode('ruwa', 'asjp-v12')).toBe(false); // hau water
    expect(isTranscriptionCode('mu', 'asjp-v12')).toBe(false); // bbk water
    expect(isTranscriptionCode('bai wa', 'asjp-v12')).toBe(false);
    expect(isTranscriptionCode('mùʔ', 'numerals')).toBe(false); // bbk one (1)
    expect(isTranscriptionCode('ǹdʒùsə̀ bò', 'numerals')).toBe(false); // bbk twelve (12)
    expect(isTranscriptionCode('lū́a', 'polyglottaafricana')).toBe(false); // hau Water
    expect(isTranscriptionCode('Mecca', 'polyglottaafricana')).toBe(false); // mfi Heaven (sky)
    expect(isTranscriptionCode('esā́·-Tebā́re', 'polyglottaafricana')).toBe(false); // xmg Guinea-Corn
    expect(isTranscriptionCode('dṓṣo ~ do', 'polyglottaafricana')).toBe(false); // bol Horse: two variants
    expect(isTranscriptionCode('10', 'numerals')).toBe(false);
  });
});
