import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { knowledgeRankSql, matchedTermsSql, PASSAGE_HEADLINE_OPTIONS } from '../ai/knowledge/full-text';
import {
  type KnowledgePassage,
  type KnowledgePassageRow,
  toKnowledgePassage,
  type UserPassageSearch,
} from '../ai/knowledge/registered-knowledge-source';

/**
 * One user's finished messages matching any of the question's words ($2, the `… or …` query),
 * through the GIN index on the generated `search_vector` ('simple' configuration: the question's
 * stop words were removed before, so every searched word means something), leaving out the
 * messages of $4 and the answers the model $6 wrote (chat_messages.model). The messages containing the
 * most question terms ($5, matchedTermsSql) come first, then by the shared normalised rank.
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
       AND m."model" IS DISTINCT FROM $6::text
  ),
  "best" AS (
    SELECT * FROM "ranked"
     ORDER BY cardinality("matched") DESC, "rank" DESC, "created_at" DESC
     LIMIT $3
  )
  SELECT b."rank", b."matched", c."title",
         ts_headline('simple', b."content", "q"."query", '${PASSAGE_HEADLINE_OPTIONS}') AS "snippet"
    FROM "best" b
    JOIN "conversations" c ON c."id" = b."conversation_id" AND c."user_id" = $1, "q"
   ORDER BY cardinality(b."matched") DESC, b."rank" DESC, b."created_at" DESC`;

/** Full-text search over chat_messages for ConversationsKnowledgeSource; the title is the conversation's. */
@Injectable()
export class ConversationsKnowledgeRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The user's finished messages matching the question, best first, without the answers `leftOutModel` wrote. */
  async findPassages(search: UserPassageSearch, leftOutModel: string): Promise<KnowledgePassage[]> {
    const rows: KnowledgePassageRow[] = await this.dataSource.query(SEARCH_SQL, [
      search.userId,
      search.anyWord,
      search.limit,
      search.excludeIds,
      search.termSearches,
      leftOutModel,
    ]);
    return rows.map(toKnowledgePassage);
  }
}
