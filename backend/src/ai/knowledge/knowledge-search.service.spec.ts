import { Logger } from '@nestjs/common';
import { CANDIDATES_PER_HIT, KnowledgeSearchService } from './knowledge-search.service';
import type { KnowledgeHit, KnowledgeSource, KnowledgeSourceQuery } from './knowledge-source';
import { MIN_KNOWLEDGE_RANK } from './relevance';

type ListHit = Omit<KnowledgeHit, 'source'>;

/** A knowledge source over a fixed list (what a feature's table would return). */
class ListSource implements KnowledgeSource {
  readonly queries: KnowledgeSourceQuery[] = [];
  constructor(
    readonly name: string,
    private readonly hits: ListHit[],
    readonly description = { en: `the ${name} pages`, fr: `les pages ${name}` },
  ) {}
  async search(query: KnowledgeSourceQuery): Promise<KnowledgeHit[]> {
    this.queries.push(query);
    return this.hits.slice(0, query.limit).map((hit) => ({ ...hit, source: this.name }));
  }
}

class BrokenSource implements KnowledgeSource {
  readonly name = 'broken';
  readonly description = { en: 'a broken table', fr: 'une table cassée' };
  async search(): Promise<KnowledgeHit[]> {
    throw new Error('relation "missing" does not exist');
  }
}

/** A hit containing the one term of the question 'maize'. */
const maizeHit = (title: string, rank: number): ListHit => ({ title, excerpt: '', rank, matchedTerms: [0] });

describe('KnowledgeSearchService', () => {
  beforeAll(() => Logger.overrideLogger(false));

  const query = { text: 'maize', userId: 'u1', limit: 3 };

  it('merges the relevant hits of every source by rank and keeps the best `limit`', async () => {
    const service = new KnowledgeSearchService();
    service.register(new ListSource('a', [maizeHit('a1', 0.2), maizeHit('a2', 0.05)]));
    service.register(new ListSource('b', [maizeHit('b1', 0.9), maizeHit('b2', 0.1)]));
    const hits = await service.search(query);
    expect(hits.map((hit) => `${hit.source}:${hit.title}`)).toEqual(['b:b1', 'a:a1', 'b:b2']);
  });

  it('drops hits under the relevance floor: too few question terms, or a rank under the minimum', async () => {
    const service = new KnowledgeSearchService();
    service.register(
      new ListSource('legal', [
        // "turn" alone: one of the five terms of the cassava question.
        { title: 'Cookie Policy', excerpt: '', rank: 0.4, matchedTerms: [2] },
        { title: 'Half', excerpt: '', rank: 0.4, matchedTerms: [0, 1] },
        { title: 'Passing mention', excerpt: '', rank: MIN_KNOWLEDGE_RANK / 2, matchedTerms: [0, 1, 3] },
        { title: 'Cassava mosaic', excerpt: '', rank: 0.1, matchedTerms: [0, 1, 3] },
      ]),
    );
    const hits = await service.search({
      ...query,
      text: 'My cassava leaves are turning yellow with mosaic patterns. What should I do?',
    });
    expect(hits.map((hit) => hit.title)).toEqual(['Cassava mosaic']);
  });

  it('asks every source for several candidates per hit, with the question analysed once', async () => {
    const service = new KnowledgeSearchService();
    const source = new ListSource('a', []);
    service.register(source);
    await service.search({ ...query, text: 'How much does Pro cost?', excludeIds: ['m1'] });
    expect(source.queries).toEqual([
      {
        text: 'How much does Pro cost?',
        userId: 'u1',
        limit: 3 * CANDIDATES_PER_HIT,
        excludeIds: ['m1'],
        terms: {
          language: 'en',
          terms: [
            { word: 'pro', search: 'pro' },
            { word: 'cost', search: 'cost or price or pay' },
          ],
          anyWord: 'pro or cost or price or pay',
        },
      },
    ]);
  });

  it('leaves out a failing source instead of failing the search', async () => {
    const service = new KnowledgeSearchService();
    service.register(new BrokenSource());
    service.register(new ListSource('a', [maizeHit('a1', 0.3)]));
    await expect(service.search(query)).resolves.toEqual([expect.objectContaining({ title: 'a1' })]);
  });

  it('does not search for an empty question, nor one with no meaningful word', async () => {
    const service = new KnowledgeSearchService();
    const source = new ListSource('a', [{ title: 'a1', excerpt: '', rank: 1, matchedTerms: [] }]);
    service.register(source);
    expect(await service.search({ ...query, text: '  ' })).toEqual([]);
    expect(await service.search({ ...query, text: 'What should I do?' })).toEqual([]);
    expect(source.queries).toHaveLength(0);
  });

  it('refuses two different sources with one name, accepts the same one twice', () => {
    const service = new KnowledgeSearchService();
    const source = new ListSource('legal', []);
    service.register(source);
    service.register(source);
    expect(() => service.register(new ListSource('legal', []))).toThrow(/already registered/);
    expect(service.sourceNames).toEqual(['legal']);
  });

  it("describes the registered sources in the user's language, in registration order", () => {
    const service = new KnowledgeSearchService();
    service.register(new ListSource('legal', []));
    service.register(new BrokenSource());
    service.register(new ListSource('dictionary', [], { en: 'the dictionary', fr: 'le dictionnaire' }));
    expect(service.sourceDescriptions('en')).toEqual(['the legal pages', 'a broken table', 'the dictionary']);
    expect(service.sourceDescriptions('fr')).toEqual([
      'les pages legal',
      'une table cassée',
      'le dictionnaire',
    ]);
  });
});
