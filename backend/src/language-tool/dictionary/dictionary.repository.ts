import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DictionarySourceKind } from '@kasa/contracts';
import { knowledgeRankSql, matchedTermsSql } from '../../ai/knowledge/full-text';
import { type DictionaryMatchRow, type DictionaryRow, SOURCE_PREFERENCE } from './dictionary-entry';

const COLUMNS = `e."id", e."language", e."form", e."gloss", e."source", e."source_kind" AS "sourceKind",
  e."part_of_speech" AS "partOfSpeech"`;

/** An entry's place in SOURCE_PREFERENCE (modern sources first): within a language, look-ups order by it. */
export const sourceRankSql = (column: string) =>
  `coalesce(array_position(ARRAY[${SOURCE_PREFERENCE.map((kind) => `'${kind}'`).join(', ')}]::text[], ${column}::text), ${SOURCE_PREFERENCE.length + 1})`;
const SOURCE_RANK = sourceRankSql('e."source_kind"');

/** `$n::text IS NULL OR e.language = $n`: every look-up takes an optional language. */
const inLanguage = (param: string) => `(${param}::varchar IS NULL OR e."language" = ${param}::varchar)`;

/** A row found by key, with the key it was found by (translation groups rows per word). */
export interface KeyedRow extends DictionaryRow {
  key: string;
}

export interface SourceCount {
  language: string;
  sourceKind: DictionarySourceKind;
  entries: number;
}

/** `%text%` for LIKE, the user's own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

interface ScoredRow extends DictionaryRow {
  score: number | string;
}

/**
 * Entries whose gloss or form matches any of the question's words ($1), through the GIN index on
 * the generated `search_vector` (gloss as English, weighted B; the folded form as is). Each
 * entry's document also holds its language's name, so "water in Babanki" covers both terms of
 * the question with Babanki's entry for water, not only one with every language's.
 */
const KNOWLEDGE_SEARCH_SQL = `
  WITH "q" AS (SELECT websearch_to_tsquery('english', $1) AS "query"),
  "candidates" AS (
    SELECT e."id", e."language", e."form", e."gloss", e."source", e."source_kind",
           coalesce(l."name", e."language") AS "language_name",
           e."search_vector" || setweight(to_tsvector('english', coalesce(l."name", '')), 'B') AS "document"
      FROM "dictionary_entries" e
      LEFT JOIN "dictionary_languages" l ON l."code" = e."language", "q"
     WHERE e."search_vector" @@ "q"."query"
  ),
  "ranked" AS (
    SELECT c.*, ${knowledgeRankSql('c."document"', '"q"."query"')} AS "rank",
           ${matchedTermsSql('english', 'c."document"', '$3')} AS "matched"
      FROM "candidates" c, "q"
  )
  SELECT "id", "language", "form", "gloss", "source", "source_kind" AS "sourceKind",
         "language_name" AS "languageName", "rank", "matched"
    FROM "ranked"
   ORDER BY cardinality("matched") DESC, "rank" DESC, length("gloss"), "language", ${sourceRankSql('"source_kind"')}, "id"
   LIMIT $2`;

/** An entry as the knowledge search reads it (no part of speech), with its language's name. */
type DictionaryKnowledgeEntry = Omit<DictionaryRow, 'partOfSpeech'> & { languageName: string };

export interface DictionaryKnowledgeRow extends DictionaryKnowledgeEntry {
  /** full-text.ts knowledgeRankSql (numeric: the driver may answer a string). */
  rank: number | string;
  /** full-text.ts matchedTermsSql. */
  matched: number[];
}

/** An entry matching a question, for DictionaryKnowledgeSource. */
export interface DictionaryKnowledgeMatch extends DictionaryKnowledgeEntry {
  rank: number;
  matchedTerms: number[];
}

export function toDictionaryKnowledgeMatch(row: DictionaryKnowledgeRow): DictionaryKnowledgeMatch {
  const { rank, matched, ...entry } = row;
  return { ...entry, rank: Number(rank), matchedTerms: matched };
}

/**
 * Look-ups in dictionary_entries, each through one of the migration's indexes: (form_key,
 * language) and (gloss_key, language) for exact and accent-insensitive matches, the trigram GIN
 * indexes for near spellings (pg_trgm's `%`, similarity ≥ pg_trgm.similarity_threshold, 0.3 by
 * default), the search_vector GIN index for a word inside a longer gloss.
 */
@Injectable()
export class DictionaryRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The entries matching any of the question's words (`anyWord`), those containing the most of
   * its terms (`termSearches`) first, then by rank (DictionaryKnowledgeSource).
   */
  async findKnowledgeMatches(
    anyWord: string,
    termSearches: string[],
    limit: number,
  ): Promise<DictionaryKnowledgeMatch[]> {
    const rows: DictionaryKnowledgeRow[] = await this.dataSource.query(KNOWLEDGE_SEARCH_SQL, [
      anyWord,
      limit,
      termSearches,
    ]);
    return rows.map(toDictionaryKnowledgeMatch);
  }

  /** Forms whose folded key is `key`: 'exact' when the form is `word` itself, else 'accent-insensitive'. */
  async formsByKey(
    word: string,
    key: string,
    language: string | null,
    limit: number,
  ): Promise<DictionaryMatchRow[]> {
    const rows: (DictionaryRow & { exact: boolean })[] = await this.dataSource.query(
      `SELECT ${COLUMNS}, e."form" = $2 AS "exact"
         FROM "dictionary_entries" e
        WHERE e."form_key" = $1 AND ${inLanguage('$3')}
        ORDER BY (e."form" = $2) DESC, e."language", e."gloss_key", ${SOURCE_RANK}, e."id"
        LIMIT $4`,
      [key, word, language, limit],
    );
    return rows.map(({ exact, ...row }) => ({
      ...row,
      matchedOn: 'word',
      match: exact ? 'exact' : 'accent-insensitive',
      score: 1,
    }));
  }

  /** Entries whose gloss is `glossKey` (an English gloss, without its parenthesised part). */
  async glossesByKey(
    glossKey: string,
    language: string | null,
    limit: number,
  ): Promise<DictionaryMatchRow[]> {
    const rows: DictionaryRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS}
         FROM "dictionary_entries" e
        WHERE e."gloss_key" = $1 AND ${inLanguage('$2')}
        ORDER BY e."language", ${SOURCE_RANK}, e."form", e."id"
        LIMIT $3`,
      [glossKey, language, limit],
    );
    return rows.map((row) => ({ ...row, matchedOn: 'translation', match: 'exact', score: 1 }));
  }

  /**
   * Entries whose English gloss contains the words (stemmed: 'waters' finds "water (drink)"),
   * shortest gloss first. The search_vector index finds candidates; the gloss alone decides,
   * since the vector holds the form too.
   */
  async glossesContaining(
    words: string,
    language: string | null,
    limit: number,
  ): Promise<DictionaryMatchRow[]> {
    const rows: DictionaryRow[] = await this.dataSource.query(
      `WITH "q" AS (SELECT plainto_tsquery('english', $1) AS "query")
       SELECT ${COLUMNS}
         FROM "dictionary_entries" e, "q"
        WHERE numnode("q"."query") > 0 AND e."search_vector" @@ "q"."query"
          AND to_tsvector('english', e."gloss") @@ "q"."query" AND ${inLanguage('$2')}
        ORDER BY length(e."gloss"), e."language", ${SOURCE_RANK}, e."form", e."id"
        LIMIT $3`,
      [words, language, limit],
    );
    return rows.map((row) => ({ ...row, matchedOn: 'translation', match: 'fuzzy', score: 1 }));
  }

  /** Near spellings of a form (trigram similarity of the folded keys), most similar first. */
  async formsLike(key: string, language: string | null, limit: number): Promise<DictionaryMatchRow[]> {
    return this.similar('form_key', 'word', key, language, limit);
  }

  /** Near spellings of an English gloss, most similar first. */
  async glossesLike(glossKey: string, language: string | null, limit: number): Promise<DictionaryMatchRow[]> {
    return this.similar('gloss_key', 'translation', glossKey, language, limit);
  }

  /** Every entry of `language` whose gloss key is one of `keys` (translation: English → form). */
  async byGlossKeys(keys: string[], language: string): Promise<KeyedRow[]> {
    if (keys.length === 0) return [];
    return this.dataSource.query(
      `SELECT ${COLUMNS}, e."gloss_key" AS "key"
         FROM "dictionary_entries" e
        WHERE e."gloss_key" = ANY($1::text[]) AND e."language" = $2
        ORDER BY e."id"`,
      [keys, language],
    );
  }

  /** Every entry of `language` whose folded form is one of `keys` (translation: form → English). */
  async byFormKeys(keys: string[], language: string): Promise<KeyedRow[]> {
    if (keys.length === 0) return [];
    return this.dataSource.query(
      `SELECT ${COLUMNS}, e."form_key" AS "key"
         FROM "dictionary_entries" e
        WHERE e."form_key" = ANY($1::text[]) AND e."language" = $2
        ORDER BY e."id"`,
      [keys, language],
    );
  }

  async findById(id: string): Promise<DictionaryRow | undefined> {
    const rows: DictionaryRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM "dictionary_entries" e WHERE e."id" = $1`,
      [id],
    );
    return rows[0];
  }

  /** One page of entries, by language then gloss; `folded` filters forms and glosses containing it. */
  async page(
    language: string | null,
    folded: string | null,
    offset: number,
    limit: number,
  ): Promise<{ rows: DictionaryRow[]; total: number }> {
    const pattern = folded ? containsPattern(folded) : null;
    const where = `${inLanguage('$1')} AND ($2::text IS NULL OR e."form_key" LIKE $2 OR e."gloss_key" LIKE $2)`;
    const [rows, counted] = await Promise.all([
      this.dataSource.query(
        `SELECT ${COLUMNS} FROM "dictionary_entries" e
          WHERE ${where}
          ORDER BY e."language", e."gloss_key", e."form", e."id"
          LIMIT $3 OFFSET $4`,
        [language, pattern, limit, offset],
      ) as Promise<DictionaryRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS "total" FROM "dictionary_entries" e WHERE ${where}`, [
        language,
        pattern,
      ]) as Promise<{ total: number }[]>,
    ]);
    return { rows, total: counted[0]?.total ?? 0 };
  }

  /** Entries per language and source kind. */
  async countsBySource(): Promise<SourceCount[]> {
    return this.dataSource.query(
      `SELECT e."language", e."source_kind" AS "sourceKind", count(*)::int AS "entries"
         FROM "dictionary_entries" e
        GROUP BY e."language", e."source_kind"
        ORDER BY e."language", e."source_kind"`,
    );
  }

  private async similar(
    column: 'form_key' | 'gloss_key',
    matchedOn: 'word' | 'translation',
    key: string,
    language: string | null,
    limit: number,
  ): Promise<DictionaryMatchRow[]> {
    const rows: ScoredRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS}, similarity(e."${column}", $1) AS "score"
         FROM "dictionary_entries" e
        WHERE e."${column}" % $1 AND ${inLanguage('$2')}
        ORDER BY "score" DESC, length(e."${column}"), e."language", e."id"
        LIMIT $3`,
      [key, language, limit],
    );
    return rows.map(({ score, ...row }) => ({ ...row, matchedOn, match: 'fuzzy', score: Number(score) }));
  }
}
