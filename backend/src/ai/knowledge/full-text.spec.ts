import { anyWordSearchTerms, markCutEnds, plainExcerpt } from './full-text';

describe('anyWordSearchTerms', () => {
  it("ORs the question's words and adds the words the texts use for them", () => {
    expect(anyWordSearchTerms('How much does Pro cost?')).toBe(
      'how or much or does or pro or cost or price or pay',
    );
  });

  it('drops French stop words from a French question and maps French words to the English texts', () => {
    expect(anyWordSearchTerms("Combien coûte l'abonnement Pro ?")).toBe(
      'coûte or price or cost or pay or abonnement or plan or subscription or upgrade or pro',
    );
  });

  it('lets no search operator through: only letters and digits, no or/and words', () => {
    expect(anyWordSearchTerms('"pricing" -terms OR (cookies) & !x :*')).toBe(
      'pricing or price or cost or pay or terms or cookies or cookie',
    );
    expect(anyWordSearchTerms("'; DROP TABLE legal_page; --")).toBe('drop or table or legal or page');
    expect(anyWordSearchTerms('  ?! ')).toBe('');
  });

  it('keeps numbers and caps the number of terms', () => {
    expect(anyWordSearchTerms('2,500 XAF')).toBe('2 or 500 or xaf');
    const long = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    expect(anyWordSearchTerms(long).split(' or ')).toHaveLength(24);
  });
});

describe('plainExcerpt', () => {
  it('removes headings, list marks, bold, links and joins lines', () => {
    const text =
      '# Plans\n\n**Basic: free**\n- 50 messages per month\n1. **Card**: paid through [Stripe](https://stripe.com).\nDone';
    expect(plainExcerpt(text)).toBe(
      'Plans; Basic: free; 50 messages per month; Card: paid through Stripe. Done',
    );
  });
});

describe('markCutEnds', () => {
  it('marks a fragment that starts or ends mid-sentence', () => {
    expect(markCutEnds('per month): a monthly subscription')).toBe('… per month): a monthly subscription …');
    expect(markCutEnds('Basic is free.')).toBe('Basic is free.');
    expect(markCutEnds('')).toBe('');
  });
});
