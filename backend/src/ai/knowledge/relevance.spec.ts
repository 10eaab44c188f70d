import {
  isRelevant,
  MAX_REQUIRED_TERMS,
  matchedTermCount,
  MIN_KNOWLEDGE_RANK,
  requiredTermMatches,
} from './relevance';

describe('requiredTermMatches', () => {
  it('asks a short question for all its terms and a longer one for a majority, at most four', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 16].map(requiredTermMatches)).toEqual([1, 2, 2, 3, 3, 4, 4, 4, 4]);
    expect(requiredTermMatches(16)).toBe(MAX_REQUIRED_TERMS);
  });
});

describe('matchedTermCount', () => {
  it('counts different valid term indexes only', () => {
    expect(matchedTermCount({ matchedTerms: [0, 0, 2, 5, -1, 1.5] }, 3)).toBe(2);
  });
});

describe('isRelevant', () => {
  const rank = 0.2;

  it('rejects a passage sharing one word of the five-term cassava question (the Cookie Policy on "turn")', () => {
    expect(isRelevant({ rank, matchedTerms: [2] }, 5)).toBe(false);
    expect(isRelevant({ rank, matchedTerms: [0, 2] }, 5)).toBe(false);
    expect(isRelevant({ rank, matchedTerms: [0, 2, 4] }, 5)).toBe(true);
  });

  it('needs both terms of a two-term question, and the one term of a one-term question', () => {
    expect(isRelevant({ rank, matchedTerms: [1] }, 2)).toBe(false);
    expect(isRelevant({ rank, matchedTerms: [0, 1] }, 2)).toBe(true);
    expect(isRelevant({ rank, matchedTerms: [0] }, 1)).toBe(true);
    expect(isRelevant({ rank, matchedTerms: [] }, 1)).toBe(false);
  });

  it('accepts four shared terms of a long question', () => {
    expect(isRelevant({ rank, matchedTerms: [1, 4, 7, 9] }, 14)).toBe(true);
    expect(isRelevant({ rank, matchedTerms: [1, 4, 7] }, 14)).toBe(false);
  });

  it('rejects a rank under the floor however many terms match, and a rank that is not a number', () => {
    expect(isRelevant({ rank: MIN_KNOWLEDGE_RANK, matchedTerms: [0] }, 1)).toBe(true);
    expect(isRelevant({ rank: MIN_KNOWLEDGE_RANK / 2, matchedTerms: [0] }, 1)).toBe(false);
    expect(isRelevant({ rank: Number.NaN, matchedTerms: [0] }, 1)).toBe(false);
  });

  it('finds nothing relevant to a question without terms', () => {
    expect(isRelevant({ rank, matchedTerms: [] }, 0)).toBe(false);
  });
});
