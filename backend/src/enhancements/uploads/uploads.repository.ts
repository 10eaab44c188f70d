import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { UploadMimeType, UploadRecord } from '@kasa/contracts';
import { knowledgeRankSql, matchedTermsSql, PASSAGE_HEADLINE_OPTIONS } from '../../ai/knowledge/full-text';
import {
  type KnowledgePassage,
  type KnowledgePassageRow,
  toKnowledgePassage,
  type UserPassageSearch,
} from '../../ai/knowledge/registered-knowledge-source';
import type { PagesRead } from './content/extraction-limits';
import { UploadEntity, UploadPassageEntity } from './entities/upload.entity';

export interface NewUploadRow {
  userId: string;
  conversationId: string | null;
  fileId: string;
  originalName: string;
  size: number;
  mimeType: UploadMimeType;
  origin: UploadEntity['origin'];
}

/**
 * Passages inserted per statement: a batch is one array parameter (unnest), cheap to build, and
 * the event loop gets a turn between batches of a long document's thousands of passages.
 */
const PASSAGE_BATCH = 500;

/**
 * One user's upload passages matching any of the question's words ($2), through the GIN index on
 * the generated `search_vector` ('simple' configuration: documents come in many languages). The
 * passages containing the most question terms ($4, matchedTermsSql) come first, then by rank.
 */
const KNOWLEDGE_SEARCH_SQL = `
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
         ts_headline('simple', b."content", "q"."query", '${PASSAGE_HEADLINE_OPTIONS}') AS "snippet"
    FROM "best" b
    JOIN "uploads" u ON u."id" = b."upload_id" AND u."user_id" = $1, "q"
   ORDER BY cardinality(b."matched") DESC, b."rank" DESC, b."ordinal"`;

/** The `uploads` and `upload_passages` tables; every query is scoped to the owner. */
@Injectable()
export class UploadsRepository {
  constructor(
    @InjectRepository(UploadEntity) private readonly uploads: Repository<UploadEntity>,
    @InjectRepository(UploadPassageEntity) private readonly passages: Repository<UploadPassageEntity>,
  ) {}

  async create(row: NewUploadRow): Promise<UploadEntity> {
    const saved = await this.uploads.save(this.uploads.create(row));
    return (await this.findOwned(row.userId, saved.id))!;
  }

  findOwned(userId: string, id: string): Promise<UploadEntity | null> {
    return this.uploads.findOneBy({ id, userId });
  }

  listOwned(userId: string, limit: number): Promise<UploadEntity[]> {
    return this.uploads.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  /** Whether the upload is still there (not deleted meanwhile, alone or with its conversation). */
  async exists(id: string): Promise<boolean> {
    return this.uploads.existsBy({ id });
  }

  /** The user's uploads sent into the conversation (`conversationId`) or attached to its messages (`ids`). */
  async listForConversation(userId: string, conversationId: string, ids: string[]): Promise<UploadEntity[]> {
    return this.uploads
      .createQueryBuilder('u')
      .where('u.user_id = :userId AND (u.conversation_id = :conversationId OR u.id = ANY(:ids::uuid[]))', {
        userId,
        conversationId,
        ids,
      })
      .getMany();
  }

  async listOwnedByIds(userId: string, ids: string[]): Promise<UploadEntity[]> {
    if (!ids.length) return [];
    return this.uploads
      .createQueryBuilder('u')
      .where('u.user_id = :userId AND u.id = ANY(:ids::uuid[])', { userId, ids })
      .getMany();
  }

  async setProgress(id: string, status: 'pending' | 'running', progress: number): Promise<void> {
    await this.uploads.update({ id }, { extractionStatus: status, extractionProgress: progress });
  }

  async markFailed(id: string, code: string, message: string): Promise<void> {
    await this.uploads.update(
      { id },
      { extractionStatus: 'failed', extractionErrorCode: code, extractionError: message.slice(0, 2000) },
    );
  }

  /**
   * Replaces the upload's passages and marks it done, in one transaction: a retried job rewrites
   * them from scratch, and a reader never sees half of them. The row is locked first: false (and
   * nothing written) when the upload was deleted meanwhile; a deletion waits for the commit.
   */
  async saveText(
    upload: Pick<UploadEntity, 'id' | 'userId'>,
    { passages, characters, method, pages }: SavedText,
  ): Promise<boolean> {
    return this.uploads.manager.transaction(async (manager) => {
      const locked = await manager.findOne(UploadEntity, {
        where: { id: upload.id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!locked) return false;
      await manager.delete(UploadPassageEntity, { uploadId: upload.id });
      for (let start = 0; start < passages.length; start += PASSAGE_BATCH)
        await manager.query(
          `INSERT INTO "upload_passages" ("upload_id", "ordinal", "user_id", "content")
           SELECT $1, $2 + p."index" - 1, $3, p."content"
             FROM unnest($4::text[]) WITH ORDINALITY AS p("content", "index")`,
          [upload.id, start, upload.userId, passages.slice(start, start + PASSAGE_BATCH)],
        );
      await manager.update(
        UploadEntity,
        { id: upload.id },
        {
          extractionStatus: 'done',
          extractionProgress: 100,
          extractionMethod: method,
          extractionError: null,
          extractionErrorCode: null,
          characters,
          pagesRead: pages?.pagesRead ?? null,
          pagesTotal: pages?.pagesTotal ?? null,
          extractionStoppedBy: pages?.stoppedBy ?? null,
          extractionNote: pages?.note ?? null,
        },
      );
      return true;
    });
  }

  /** The passages in document order, as long as they fit `maxChars` (whole passages only). */
  async leadingPassages(userId: string, uploadId: string, maxChars: number): Promise<Passage[]> {
    const rows: Passage[] = await this.passages.query(
      `SELECT "ordinal", "content" FROM (
         SELECT "ordinal", "content",
                sum(length("content") + 2) OVER (ORDER BY "ordinal") AS "running"
           FROM "upload_passages" WHERE "upload_id" = $1 AND "user_id" = $2
       ) p WHERE "running" <= $3 + 2 ORDER BY "ordinal"`,
      [uploadId, userId, maxChars],
    );
    return rows;
  }

  firstPassage(userId: string, uploadId: string): Promise<UploadPassageEntity | null> {
    return this.passages.findOne({ where: { uploadId, userId }, order: { ordinal: 'ASC' } });
  }

  /** The upload's passages matching `query` (websearch syntax, 'simple' configuration), best first. */
  rankedPassages(userId: string, uploadId: string, query: string, limit: number): Promise<Passage[]> {
    return this.passages.query(
      `WITH "q" AS (SELECT websearch_to_tsquery('simple', $3) AS "query")
       SELECT p."ordinal", p."content"
         FROM "upload_passages" p, "q"
        WHERE p."upload_id" = $1 AND p."user_id" = $2 AND p."search_vector" @@ "q"."query"
        ORDER BY ts_rank_cd(p."search_vector", "q"."query") DESC, p."ordinal"
        LIMIT $4`,
      [uploadId, userId, query, limit],
    );
  }

  async totalLength(userId: string, uploadId: string): Promise<number> {
    const [row] = (await this.passages.query(
      `SELECT coalesce(sum(length("content")), 0)::bigint AS "length", count(*)::int AS "count"
         FROM "upload_passages" WHERE "upload_id" = $1 AND "user_id" = $2`,
      [uploadId, userId],
    )) as Array<{ length: string; count: number }>;
    // Passages are joined with a blank line between each.
    return Number(row.length) + Math.max(0, row.count - 1) * 2;
  }

  /** The user's upload passages matching the question (UploadsKnowledgeSource), best first. */
  async findKnowledgePassages(search: UserPassageSearch): Promise<KnowledgePassage[]> {
    const rows: KnowledgePassageRow[] = await this.passages.query(KNOWLEDGE_SEARCH_SQL, [
      search.userId,
      search.anyWord,
      search.limit,
      search.termSearches,
    ]);
    return rows.map(toKnowledgePassage);
  }
}

export interface Passage {
  ordinal: number;
  content: string;
}

/** An upload's text as the extraction stores it. */
export interface SavedText {
  passages: string[];
  characters: number;
  method: NonNullable<UploadEntity['extractionMethod']>;
  /** A scanned PDF: its pages read and skipped. */
  pages?: PagesRead;
}

/** The API shape of an upload row. */
export function toUploadRecord(row: UploadEntity): UploadRecord {
  return {
    id: row.id,
    originalName: row.originalName,
    size: row.size,
    mimeType: row.mimeType,
    extraction: {
      status: row.extractionStatus,
      progress: row.extractionProgress,
      method: row.extractionMethod,
      characters: row.characters,
      error: row.extractionError,
      code: row.extractionErrorCode,
      pagesRead: row.pagesRead,
      pagesTotal: row.pagesTotal,
      stoppedBy: row.extractionStoppedBy,
      note: row.extractionNote,
    },
  };
}
