import { ENGLISH_STOP_WORDS, isMeaningfulWord } from './stop-words';

describe('ENGLISH_STOP_WORDS', () => {
  // PostgreSQL's english.stop has 127 words; test/ai-offline.spec.ts checks that the server drops
  // each of these, so the two lists are the same.
  it("has as many words as PostgreSQL's english.stop, contractions' pieces included", () => {
    expect(ENGLISH_STOP_WORDS.size).toBe(127);
    for (const word of ['should', 'what', 'do', 'don', 's', 't'])
      expect(ENGLISH_STOP_WORDS.has(word)).toBe(true);
  });
});

describe('isMeaningfulWord', () => {
  it.each(['cassava', 'yellow', 'mosaic', 'pro', 'cookies', 'refund', 'kasa', '500'])(
    'keeps the topic word %s',
    (word) => {
      expect(isMeaningfulWord(word, 'en')).toBe(true);
    },
  );

  it.each(['what', 'should', 'do', 'how', 'the', 'turning', 'use', 'need', 'much', 'please', 'best'])(
    'drops the English stop or generic word %s, in either language',
    (word) => {
      expect(isMeaningfulWord(word, 'en')).toBe(false);
      expect(isMeaningfulWord(word, 'fr')).toBe(false);
    },
  );

  it('drops French stop and generic words in a French question only', () => {
    for (const word of ['comment', 'est-ce', 'moi', 'utilisez', 'gardez', 'chose']) {
      expect(isMeaningfulWord(word, 'fr')).toBe(false);
    }
    expect(isMeaningfulWord('manioc', 'fr')).toBe(true);
    // 'ai' is French for 'have', and English for what Kasa is about.
    expect(isMeaningfulWord('ai', 'fr')).toBe(false);
    expect(isMeaningfulWord('ai', 'en')).toBe(true);
  });
});
