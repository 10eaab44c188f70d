import type { ReplyLanguage } from '../language/detect-language';
import { KnowledgeSearchService } from './knowledge-search.service';
import type { KnowledgeSourceQuery } from './knowledge-source';
import { questionTerms } from './question-terms';
import {
  type KnowledgePassage,
  toKnowledgePassage,
  type UserPassageSearch,
  UserPassagesKnowledgeSource,
} from './registered-knowledge-source';

const USER = '0b5f8d1e-1c2a-4d3b-9e4f-5a6b7c8d9e0f';
const OTHER = '1c6a9e2f-2d3b-4e4c-8f5a-6b7c8d9e0f1a';

/** A per-user source over fixed passages, recording what its statement was asked. */
class FixedPassages extends UserPassagesKnowledgeSource {
  readonly name = 'fixed';
  readonly description = { en: 'fixed passages', fr: 'des passages fixes' };
  readonly searches: UserPassageSearch[] = [];

  constructor(
    knowledge: KnowledgeSearchService,
    private readonly passages: KnowledgePassage[],
  ) {
    super(knowledge);
  }

  protected async findPassages(search: UserPassageSearch): Promise<KnowledgePassage[]> {
    this.searches.push(search);
    return this.passages;
  }

  protected hitTitle(title: string, language: ReplyLanguage): string {
    return language === 'fr' ? `Fixe : ${title}` : `Fixed: ${title}`;
  }

  protected hitExcerpt(snippet: string): string {
    return snippet.toUpperCase();
  }
}

const query = (overrides: Partial<KnowledgeSourceQuery> = {}): KnowledgeSourceQuery => ({
  text: 'maize planting',
  userId: USER,
  limit: 4,
  terms: questionTerms('maize planting'),
  ...overrides,
});

describe('toKnowledgePassage', () => {
  it('reads the rank as a number and the matched term indexes as they are', () => {
    expect(
      toKnowledgePassage({ rank: '0.25', matched: [0, 2], title: 'Maize', snippet: 'plant in rows' }),
    ).toEqual({
      rank: 0.25,
      matchedTerms: [0, 2],
      title: 'Maize',
      snippet: 'plant in rows',
    });
  });
});

describe('UserPassagesKnowledgeSource', () => {
  const passage: KnowledgePassage = {
    rank: 0.3,
    matchedTerms: [0, 1],
    title: 'Maize',
    snippet: 'plant in rows',
  };

  it('registers itself with the knowledge search when its module starts', () => {
    const knowledge = new KnowledgeSearchService();
    const source = new FixedPassages(knowledge, []);
    source.onModuleInit();
    expect(knowledge.sourceNames).toEqual(['fixed']);
  });

  it("asks for the user's passages with the question's words and maps them to hits", async () => {
    const source = new FixedPassages(new KnowledgeSearchService(), [passage]);
    const q = query({ excludeIds: [OTHER, 'not-a-uuid'] });
    await expect(source.search(q)).resolves.toEqual([
      { source: 'fixed', title: 'Fixed: Maize', excerpt: 'PLANT IN ROWS', rank: 0.3, matchedTerms: [0, 1] },
    ]);
    expect(source.searches).toEqual([
      {
        userId: USER,
        anyWord: q.terms.anyWord,
        termSearches: q.terms.terms.map((term) => term.search),
        limit: 4,
        excludeIds: [OTHER],
      },
    ]);
  });

  it('titles a French question’s hits in French (the language the advisor replies in)', async () => {
    const source = new FixedPassages(new KnowledgeSearchService(), [passage]);
    const hits = await source.search(
      query({ text: 'quand semer le maïs', terms: questionTerms('quand semer le maïs') }),
    );
    expect(hits.map((hit) => hit.title)).toEqual(['Fixe : Maize']);
  });

  it('finds nothing, without a statement, for a user id that is not a uuid, no terms or no limit', async () => {
    const source = new FixedPassages(new KnowledgeSearchService(), [passage]);
    await expect(source.search(query({ userId: 'admin' }))).resolves.toEqual([]);
    await expect(source.search(query({ limit: 0 }))).resolves.toEqual([]);
    await expect(source.search(query({ terms: questionTerms('the') }))).resolves.toEqual([]);
    expect(source.searches).toEqual([]);
  });
});
