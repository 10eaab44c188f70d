import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { knowledgeRankSql, markCutEnds, matchedTermsSql, plainExcerpt } from '../../ai/knowledge/full-text';
import { KnowledgeSearchService } from '../../ai/knowledge/knowledge-search.service';
import type {
  KnowledgeHit,
  KnowledgeSource,
  KnowledgeSourceQuery,
} from '../../ai/knowledge/knowledge-source';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One user's upload passages matching any of the question's words ($2), through the GIN index on
 * the generated `search_vector` ('simple' configuration: documents come in many languages). The
 * passages containing the most question terms ($4, matchedTermsSql) come first, then by rank.
 */
const SEARCH_SQL = `
  WITH "q" AS (SELECT websearch_to_tsquery('simple', $2) AS "query"),
  "ranked" AS (
    SELECT p."upload_id", p."ordinal", p."content",
           ${knowledgeRankSql('p."search_vector"', '"q"."query"')} AS "rank",
           ${matchedTermsSql('simple', 'p."search_vector"', '$4')} AS "matched"
      FROM "upload_passages" p, "q"
     WHERE p."user_id" = $1 AND p."search_vector" @@ "q"."query"
  ),
  "best" AS (
    SELECT * FROM "ranked" ORDER BY cardinality("matched") DESC, "rank" DESC, "ordinal" LIMIT $3
  )
  SELECT b."rank", b."matched", u."original_name" AS "title",
         ts_headline('simple', b."content", "q"."query",
           'StartSel="", StopSel="", MaxWords=45, MinWords=20, MaxFragments=1') AS "snippet"
    FROM "best" b
    JOIN "uploads" u ON u."id" = b."upload_id" AND u."user_id" = $1, "q"
   ORDER BY cardinality(b."matched") DESC, b."rank" DESC, b."ordinal"`;

interface UploadSearchRow {
  rank: number | string;
  matched: number[];
  title: string;
  snippet: string;
}

/**
 * The user's uploaded files as local knowledge (the offline advisor, local web search): full text
 * over that user's passages only; the hit's title is the file's name.
 */
@Injectable()
export class UploadsKnowledgeSource implements KnowledgeSource, OnModuleInit {
  readonly name = 'uploads';
  readonly description = { en: 'your uploaded files', fr: 'vos fichiers envoyés' };

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly knowledge: KnowledgeSearchService,
  ) {}

  onModuleInit(): void {
    this.knowledge.register(this);
  }

  async search(query: KnowledgeSourceQuery): Promise<KnowledgeHit[]> {
    if (query.terms.terms.length === 0 || query.limit <= 0 || !UUID.test(query.userId)) return [];
    const rows: UploadSearchRow[] = await this.dataSource.query(SEARCH_SQL, [
      query.userId,
      query.terms.anyWord,
      query.limit,
      query.terms.terms.map((term) => term.search),
    ]);
    return rows.map((row) => ({
      source: this.name,
      title: row.title,
      excerpt: markCutEnds(plainExcerpt(row.snippet.trim())),
      rank: Number(row.rank),
      matchedTerms: row.matched,
    }));
  }
}
