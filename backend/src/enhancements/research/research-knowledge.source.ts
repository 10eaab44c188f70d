import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { knowledgeRankSql, markCutEnds, matchedTermsSql } from '../../ai/knowledge/full-text';
import { KnowledgeSearchService } from '../../ai/knowledge/knowledge-search.service';
import type {
  KnowledgeHit,
  KnowledgeSource,
  KnowledgeSourceQuery,
} from '../../ai/knowledge/knowledge-source';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One user's saved research matching any of the question's words ($2), through the GIN index on
 * the generated `search_vector` (query weighted B as a title, summary unlabelled). Those
 * containing the most question terms ($4) first, then by the shared normalised rank.
 */
const SEARCH_SQL = `
  WITH "q" AS (SELECT websearch_to_tsquery('simple', $2) AS "query"),
  "ranked" AS (
    SELECT r."id", r."query" AS "title", r."summary", r."created_at",
           ${knowledgeRankSql('r."search_vector"', '"q"."query"')} AS "rank",
           ${matchedTermsSql('simple', 'r."search_vector"', '$4')} AS "matched"
      FROM "research_results" r, "q"
     WHERE r."user_id" = $1 AND r."search_vector" @@ "q"."query" AND NOT (r."id" = ANY($5::uuid[]))
  ),
  "best" AS (
    SELECT * FROM "ranked"
     ORDER BY cardinality("matched") DESC, "rank" DESC, "created_at" DESC
     LIMIT $3
  )
  SELECT b."id", b."title", b."rank", b."matched",
         ts_headline('simple', b."summary", "q"."query",
           'StartSel="", StopSel="", MaxWords=45, MinWords=20, MaxFragments=1') AS "snippet"
    FROM "best" b, "q"
   ORDER BY cardinality(b."matched") DESC, b."rank" DESC, b."created_at" DESC`;

interface ResearchSearchRow {
  id: string;
  title: string;
  rank: number | string;
  matched: number[];
  snippet: string;
}

/**
 * The user's saved research as local knowledge (chat's offline advisor, local web search,
 * offline research): full-text over that user's rows only.
 */
@Injectable()
export class ResearchKnowledgeSource implements KnowledgeSource, OnModuleInit {
  readonly name = 'research';
  readonly description = { en: 'your saved research', fr: 'vos recherches enregistrées' };

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly knowledge: KnowledgeSearchService,
  ) {}

  onModuleInit(): void {
    this.knowledge.register(this);
  }

  async search(query: KnowledgeSourceQuery): Promise<KnowledgeHit[]> {
    if (query.terms.terms.length === 0 || query.limit <= 0 || !UUID.test(query.userId)) return [];
    const rows: ResearchSearchRow[] = await this.dataSource.query(SEARCH_SQL, [
      query.userId,
      query.terms.anyWord,
      query.limit,
      query.terms.terms.map((term) => term.search),
      (query.excludeIds ?? []).filter((id) => UUID.test(id)),
    ]);
    return rows.map((row) => ({
      source: this.name,
      title: `Research: ${row.title}`,
      // The summary's offline label and [n] citations mean nothing out of their research.
      excerpt: markCutEnds(
        row.snippet
          .replace(/\[\d+\]/g, '')
          .replace(/\s+/g, ' ')
          .trim(),
      ),
      rank: Number(row.rank),
      matchedTerms: row.matched,
    }));
  }
}
