import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { knowledgeRankSql, matchedTermsSql, plainExcerpt } from '../ai/knowledge/full-text';
import { KnowledgeSearchService } from '../ai/knowledge/knowledge-search.service';
import type { KnowledgeHit, KnowledgeSource, KnowledgeSourceQuery } from '../ai/knowledge/knowledge-source';
import { OFFLINE_ANSWER_OPENINGS } from '../ai/offline/offline-advisor.model';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One user's finished messages matching any of the question's words ($2, the `… or …` query),
 * through the GIN index on the generated `search_vector` ('simple' configuration: the question's
 * stop words were removed before, so every searched word means something), leaving out the
 * offline advisor's own earlier answers ($6, their openings). The messages containing the most
 * question terms ($5, matchedTermsSql) come first, then by the shared normalised rank.
 */
const SEARCH_SQL = `
  WITH "q" AS (SELECT websearch_to_tsquery('simple', $2) AS "query"),
  "ranked" AS (
    SELECT m."id", m."conversation_id", m."content", m."created_at",
           ${knowledgeRankSql('m."search_vector"', '"q"."query"')} AS "rank",
           ${matchedTermsSql('simple', 'm."search_vector"', '$5')} AS "matched"
      FROM "chat_messages" m, "q"
     WHERE m."user_id" = $1 AND m."search_vector" @@ "q"."query"
       AND m."status" <> 'streaming' AND NOT (m."id" = ANY($4::uuid[]))
       AND NOT (m."role" = 'assistant'
                AND EXISTS (SELECT 1 FROM unnest($6::text[]) AS o("opening")
                             WHERE starts_with(m."content", o."opening")))
  ),
  "best" AS (
    SELECT * FROM "ranked"
     ORDER BY cardinality("matched") DESC, "rank" DESC, "created_at" DESC
     LIMIT $3
  )
  SELECT b."rank", b."matched", c."title",
         ts_headline('simple', b."content", "q"."query",
           'StartSel="", StopSel="", MaxWords=45, MinWords=20, MaxFragments=1') AS "snippet"
    FROM "best" b
    JOIN "conversations" c ON c."id" = b."conversation_id" AND c."user_id" = $1, "q"
   ORDER BY cardinality(b."matched") DESC, b."rank" DESC, b."created_at" DESC`;

interface ConversationSearchRow {
  rank: number | string;
  matched: number[];
  title: string;
  snippet: string;
}

/**
 * The user's own past messages as local knowledge for the offline advisor: full-text over that
 * user's rows only, the message being answered (excludeIds) and the advisor's own answers left out.
 */
@Injectable()
export class ConversationsKnowledgeSource implements KnowledgeSource, OnModuleInit {
  readonly name = 'conversations';
  readonly description = { en: 'your earlier conversations', fr: 'vos conversations précédentes' };

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly knowledge: KnowledgeSearchService,
  ) {}

  onModuleInit(): void {
    this.knowledge.register(this);
  }

  async search(query: KnowledgeSourceQuery): Promise<KnowledgeHit[]> {
    if (query.terms.terms.length === 0 || query.limit <= 0 || !UUID.test(query.userId)) return [];
    const rows: ConversationSearchRow[] = await this.dataSource.query(SEARCH_SQL, [
      query.userId,
      query.terms.anyWord,
      query.limit,
      (query.excludeIds ?? []).filter((id) => UUID.test(id)),
      query.terms.terms.map((term) => term.search),
      Object.values(OFFLINE_ANSWER_OPENINGS),
    ]);
    return rows.map((row) => ({
      source: this.name,
      title: `Conversation: ${row.title}`,
      excerpt: plainExcerpt(row.snippet.trim()),
      rank: Number(row.rank),
      matchedTerms: row.matched,
    }));
  }
}
