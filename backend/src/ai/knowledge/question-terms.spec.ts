import { MAX_QUESTION_TERMS, questionTerms } from './question-terms';

const words = (text: string) => questionTerms(text).terms.map((term) => term.word);

describe('questionTerms', () => {
  it('keeps the topic words of the cassava question, not "turning", "what", "should" or "do"', () => {
    expect(words('My cassava leaves are turning yellow with mosaic patterns. What should I do?')).toEqual([
      'cassava',
      'leaves',
      'yellow',
      'mosaic',
      'patterns',
    ]);
  });

  it('widens each term to the words the texts use, and finds candidates with any of them', () => {
    const { terms, anyWord } = questionTerms('How much does Pro cost?');
    expect(terms).toEqual([
      { word: 'pro', search: 'pro' },
      { word: 'cost', search: 'cost or price or pay' },
    ]);
    expect(anyWord).toBe('pro or cost or price or pay');
  });

  it('drops French stop and generic words from a French question and maps words to the English texts', () => {
    const { language, terms, anyWord } = questionTerms("Combien coûte l'abonnement Pro ?");
    // French sources (the French legal pages) are searched for a French question.
    expect(language).toBe('fr');
    expect(terms.map((term) => term.word)).toEqual(['coûte', 'abonnement', 'pro']);
    expect(terms[1].search).toBe('abonnement or plan or subscription or upgrade');
    expect(anyWord).toBe(
      'coûte or price or cost or pay or abonnement or plan or subscription or upgrade or pro',
    );
    expect(words('Quelles données gardez-vous sur moi ?')).toEqual(['données']);
    expect(words('Comment utilisez-vous les cookies ?')).toEqual(['cookies']);
  });

  it('keeps English words that are French function words in an English question ("ai")', () => {
    expect(words('Is the AI free?')).toEqual(['ai', 'free']);
  });

  it('finds nothing to search in a question made only of stop and generic words', () => {
    expect(questionTerms('What should I do?')).toEqual({ language: 'en', terms: [], anyWord: '' });
    expect(words('Can you help me, please? I need to know the best way.')).toEqual([]);
    expect(words('  ?! ')).toEqual([]);
  });

  it('lets no search operator through: only letters and digits, no or/and/not words', () => {
    expect(questionTerms('"pricing" -terms OR (cookies) & !x :* NOT').anyWord).toBe(
      'pricing or price or cost or pay or terms or cookies or cookie',
    );
    expect(words("'; DROP TABLE legal_page; --")).toEqual(['drop', 'table', 'legal', 'page']);
  });

  it('keeps numbers, counts each word once and caps long questions', () => {
    expect(words('2,500 XAF for 2 months')).toEqual(['2', '500', 'xaf', 'months']);
    const long = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    expect(questionTerms(long).terms).toHaveLength(MAX_QUESTION_TERMS);
  });
});
