import { Logger } from '@nestjs/common';
import { KnowledgeSearchService } from './knowledge-search.service';
import type { KnowledgeHit, KnowledgeQuery, KnowledgeSource } from './knowledge-source';

/** A knowledge source over a fixed list (what a feature's table would return). */
class ListSource implements KnowledgeSource {
  readonly queries: KnowledgeQuery[] = [];
  constructor(
    readonly name: string,
    private readonly hits: Array<Omit<KnowledgeHit, 'source'>>,
  ) {}
  async search(query: KnowledgeQuery): Promise<KnowledgeHit[]> {
    this.queries.push(query);
    return this.hits.slice(0, query.limit).map((hit) => ({ ...hit, source: this.name }));
  }
}

class BrokenSource implements KnowledgeSource {
  readonly name = 'broken';
  async search(): Promise<KnowledgeHit[]> {
    throw new Error('relation "missing" does not exist');
  }
}

describe('KnowledgeSearchService', () => {
  beforeAll(() => Logger.overrideLogger(false));

  const query = { text: 'maize', userId: 'u1', limit: 3 };

  it('merges the hits of every source by rank and keeps the best `limit`', async () => {
    const service = new KnowledgeSearchService();
    service.register(
      new ListSource('a', [
        { title: 'a1', excerpt: '', rank: 0.2 },
        { title: 'a2', excerpt: '', rank: 0.05 },
      ]),
    );
    service.register(
      new ListSource('b', [
        { title: 'b1', excerpt: '', rank: 0.9 },
        { title: 'b2', excerpt: '', rank: 0.1 },
      ]),
    );
    const hits = await service.search(query);
    expect(hits.map((hit) => `${hit.source}:${hit.title}`)).toEqual(['b:b1', 'a:a1', 'b:b2']);
  });

  it('passes the user, limit and exclusions to every source', async () => {
    const service = new KnowledgeSearchService();
    const source = new ListSource('a', []);
    service.register(source);
    await service.search({ ...query, excludeIds: ['m1'] });
    expect(source.queries).toEqual([{ text: 'maize', userId: 'u1', limit: 3, excludeIds: ['m1'] }]);
  });

  it('leaves out a failing source instead of failing the search', async () => {
    const service = new KnowledgeSearchService();
    service.register(new BrokenSource());
    service.register(new ListSource('a', [{ title: 'a1', excerpt: '', rank: 0.3 }]));
    await expect(service.search(query)).resolves.toEqual([expect.objectContaining({ title: 'a1' })]);
  });

  it('does not search for an empty question', async () => {
    const service = new KnowledgeSearchService();
    const source = new ListSource('a', [{ title: 'a1', excerpt: '', rank: 1 }]);
    service.register(source);
    expect(await service.search({ ...query, text: '  ' })).toEqual([]);
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
});
