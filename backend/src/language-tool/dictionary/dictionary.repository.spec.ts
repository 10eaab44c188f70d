import { containsPattern, toDictionaryKnowledgeMatch } from './dictionary.repository';

describe('toDictionaryKnowledgeMatch', () => {
  const entry = {
    id: 'e1',
    language: 'bbk',
    form: 'ndzə̀',
    gloss: 'water',
    source: 'asjp-v12:BABANKI',
    sourceKind: 'asjp-v12',
    languageName: 'Babanki',
  } as const;

  it('reads the rank as a number and the matched terms as matchedTerms, the entry as it is', () => {
    expect(toDictionaryKnowledgeMatch({ ...entry, rank: '0.4375', matched: [0, 1] })).toEqual({
      ...entry,
      rank: 0.4375,
      matchedTerms: [0, 1],
    });
  });

  it('keeps a rank the driver already gave as a number', () => {
    expect(toDictionaryKnowledgeMatch({ ...entry, rank: 0.1, matched: [] }).rank).toBe(0.1);
  });
});

describe('containsPattern', () => {
  it("takes the user's % and _ literally", () => {
    expect(containsPattern('50%_off')).toBe('%50\\%\\_off%');
  });
});
