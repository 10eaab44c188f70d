import { extractiveSummary, sentencesOf } from './extractive-summary';

describe('extractiveSummary', () => {
  const texts = [
    'Kasa has two plans. The Pro plan costs 5 USD a month and removes the limits. Support answers by email.',
    'Cookies keep you signed in. The Basic plan is free with monthly limits on searches.',
  ];

  it('keeps the sentences with the most query words, in source order, each citing its source', () => {
    const summary = extractiveSummary('pro plan price limits', texts, 'en');
    expect(summary).toBe(
      'The Pro plan costs 5 USD a month and removes the limits [1]. The Basic plan is free with monthly limits on searches [2].',
    );
  });

  it('falls back to the first sentences when no query word appears', () => {
    expect(extractiveSummary('zebra', texts, 'en')).toBe(
      'Kasa has two plans [1]. Cookies keep you signed in [2].',
    );
  });

  it('keeps at most two sentences of one source', () => {
    const long = ['Maize one. Maize two. Maize three. Maize four.'];
    expect(extractiveSummary('maize', long, 'en')).toBe('Maize one [1]. Maize two [1].');
  });

  it('is empty without texts', () => {
    expect(extractiveSummary('maize', [], 'en')).toBe('');
  });

  it('splits excerpts cut with … into sentences', () => {
    expect(sentencesOf('… start of a cut … Then a full one. And another!')).toEqual([
      'start of a cut',
      'Then a full one.',
      'And another!',
    ]);
  });
});
