import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ResearchProgress, ResearchSource, SavedResearch } from '@kasa/contracts';
import { knowledgeRankSql, matchedTermsSql, PASSAGE_HEADLINE_OPTIONS } from '../../ai/knowledge/full-text';
import {
  type KnowledgePassage,
  type KnowledgePassageRow,
  toKnowledgePassage,
  type UserPassageSearch,
} from '../../ai/knowledge/registered-knowledge-source';

/** Saved research listed at most. */
export const RESEARCH_LIST_LIMIT = 50;

export interface NewResearch {
  userId: string;
  conversationId?: string | null;
  query: string;
  summary: string;
  sources: ResearchSource[];
  mode: 'web' | 'offline';
}

interface ResearchRow {
  id: string;
  query: string;
  summary: string;
  sources: ResearchSource[];
  mode: 'web' | 'offline';
  created_at: Date;
}

/**
 * One user's saved research matching any of the question's words ($2), through the GIN index on
 * the generated `search_vector` (query weighted B as a title, summary unlabelled). Those
 * containing the most question terms ($4) first, then by the shared normalised rank.
 */
const KNOWLEDGE_SEARCH_SQL = `
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
         ts_headline('simple', b."summary", "q"."query", '${PASSAGE_HEADLINE_OPTIONS}') AS "snippet"
    FROM "best" b, "q"
   ORDER BY cardinality(b."matched") DESC, b."rank" DESC, b."created_at" DESC`;

/**
 * research_results and research_progress (migration 1764510000000-Research). Every statement is
 * scoped to its user: another user's research or progress is simply not found.
 */
@Injectable()
export class ResearchRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Saves a finished research. A conversation deleted while the research ran is not an error:
   * the research is kept without it.
   */
  async save(research: NewResearch): Promise<SavedResearch> {
    const rows: ResearchRow[] = await this.dataSource.query(
      `INSERT INTO "research_results" ("user_id", "conversation_id", "query", "summary", "sources", "mode")
       VALUES ($1, (SELECT "id" FROM "conversations" WHERE "id" = $2 AND "user_id" = $1), $3, $4, $5::jsonb, $6)
       RETURNING "id", "query", "summary", "sources", "mode", "created_at"`,
      [
        research.userId,
        research.conversationId ?? null,
        research.query,
        research.summary,
        JSON.stringify(research.sources),
        research.mode,
      ],
    );
    return toSaved(rows[0]);
  }

  async list(userId: string): Promise<SavedResearch[]> {
    const rows: ResearchRow[] = await this.dataSource.query(
      `SELECT "id", "query", "summary", "sources", "mode", "created_at" FROM "research_results"
        WHERE "user_id" = $1 ORDER BY "created_at" DESC, "id" LIMIT $2`,
      [userId, RESEARCH_LIST_LIMIT],
    );
    return rows.map(toSaved);
  }

  /** Records where a research stands; older finished progress rows are pruned on the way. */
  async setProgress(userId: string, requestId: string, progress: ResearchProgress): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "research_progress" ("user_id", "request_id", "stage", "percent")
       VALUES ($1, $2, $3, $4)
       ON CONFLICT ("user_id", "request_id")
       DO UPDATE SET "stage" = EXCLUDED."stage", "percent" = EXCLUDED."percent", "updated_at" = clock_timestamp()`,
      [userId, requestId, progress.stage, Math.max(0, Math.min(100, Math.round(progress.percent)))],
    );
    if (progress.stage === 'queued')
      await this.dataSource.query(
        `DELETE FROM "research_progress" WHERE "updated_at" < clock_timestamp() - interval '1 day'`,
      );
  }

  async progress(userId: string, requestId: string): Promise<ResearchProgress | undefined> {
    const rows: Array<{ stage: ResearchProgress['stage']; percent: number }> = await this.dataSource.query(
      `SELECT "stage", "percent" FROM "research_progress" WHERE "user_id" = $1 AND "request_id" = $2`,
      [userId, requestId],
    );
    return rows[0] ? { stage: rows[0].stage, percent: Number(rows[0].percent) } : undefined;
  }

  /** The user's saved research matching the question (ResearchKnowledgeSource), best first. */
  async findKnowledgePassages(search: UserPassageSearch): Promise<KnowledgePassage[]> {
    const rows: KnowledgePassageRow[] = await this.dataSource.query(KNOWLEDGE_SEARCH_SQL, [
      search.userId,
      search.anyWord,
      search.limit,
      search.termSearches,
      search.excludeIds,
    ]);
    return rows.map(toKnowledgePassage);
  }
}

function toSaved(row: ResearchRow): SavedResearch {
  return {
    id: row.id,
    query: row.query,
    summary: row.summary,
    sources: row.sources,
    mode: row.mode,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
