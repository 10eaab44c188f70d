import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { sourceRankSql } from '../dictionary/dictionary.repository';

/** A dictionary row as the analysis reads it. */
export interface AnalysisEntryRow {
  /** The text's word (its key) the row matched. */
  key: string;
  language: string;
  form: string;
  gloss: string;
  source: string;
  partOfSpeech: string | null;
  /** 1 for an exact key, pg_trgm's similarity for a near spelling. */
  similarity: number;
}

/** Rows per word and language an exact look-up returns (a short key can match dozens of forms). */
const EXACT_PER_KEY = 5;
/** Near spellings per word. */
const FUZZY_PER_KEY = 5;
/** A near spelling less similar than this is noise (pg_trgm's % alone lets 0.3 through). */
export const FUZZY_SIMILARITY_MIN = 0.45;

/** The dictionary_entries look-ups of an analysis, each one batched query over all the words. */
@Injectable()
export class AnalysisRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** form_key → the languages (of `languages`) with a form of that key. */
  async formLanguages(keys: string[], languages: string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    if (keys.length === 0 || languages.length === 0) return found;
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT "form_key" AS "key", "language"
         FROM "dictionary_entries"
        WHERE "form_key" = ANY($1) AND "language" = ANY($2)`,
      [keys, languages],
    )) as { key: string; language: string }[];
    for (const row of rows) found.set(row.key, [...(found.get(row.key) ?? []), row.language]);
    return found;
  }

  /**
   * Entries whose form (side 'form') or English gloss (side 'gloss') has one of the keys, at most
   * EXACT_PER_KEY per word and language, modern sources first (SOURCE_PREFERENCE).
   */
  async exact(side: 'form' | 'gloss', keys: string[], languages: string[]): Promise<AnalysisEntryRow[]> {
    if (keys.length === 0 || languages.length === 0) return [];
    const column = side === 'form' ? 'form_key' : 'gloss_key';
    return (await this.dataSource.query(
      `SELECT "key", "language", "form", "gloss", "source", "partOfSpeech", 1 AS "similarity"
         FROM (SELECT "${column}" AS "key", "language", "form", "gloss", "source",
                      "part_of_speech" AS "partOfSpeech",
                      row_number() OVER (PARTITION BY "${column}", "language"
                        ORDER BY ${sourceRankSql('"source_kind"')}, "form", "gloss") AS "rank"
                 FROM "dictionary_entries"
                WHERE "${column}" = ANY($1) AND "language" = ANY($2)) AS "ranked"
        WHERE "rank" <= ${EXACT_PER_KEY}
        ORDER BY "key", "language", "rank"`,
      [keys, languages],
    )) as AnalysisEntryRow[];
  }

  /** Near spellings of each key (pg_trgm, its GIN indexes), the most similar first. */
  async fuzzy(side: 'form' | 'gloss', keys: string[], languages: string[]): Promise<AnalysisEntryRow[]> {
    if (keys.length === 0 || languages.length === 0) return [];
    const column = side === 'form' ? 'form_key' : 'gloss_key';
    const rows = (await this.dataSource.query(
      `SELECT "words"."key", "near".*
         FROM unnest($1::text[]) AS "words"("key")
         CROSS JOIN LATERAL (
           SELECT "language", "form", "gloss", "source", "part_of_speech" AS "partOfSpeech",
                  similarity("${column}", "words"."key") AS "similarity"
             FROM "dictionary_entries"
            WHERE "${column}" % "words"."key" AND "language" = ANY($2)
            ORDER BY similarity("${column}", "words"."key") DESC, "form"
            LIMIT ${FUZZY_PER_KEY}) AS "near"
        WHERE "near"."similarity" >= $3`,
      [keys, languages, FUZZY_SIMILARITY_MIN],
    )) as AnalysisEntryRow[];
    return rows.map((row) => ({ ...row, similarity: Number(row.similarity) }));
  }
}
