import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DictionarySourceKind } from '@kasa/contracts';
import { knowledgeRankSql, matchedTermsSql } from '../../ai/knowledge/full-text';
import { KnowledgeSearchService } from '../../ai/knowledge/knowledge-search.service';
import type {
  KnowledgeHit,
  KnowledgeSource,
  KnowledgeSourceQuery,
} from '../../ai/knowledge/knowledge-source';
import { SOURCE_KIND_LABELS } from './dictionary-entry';

/**
 * Entries whose gloss or form matches any of the question's words ($1), through the GIN index on
 * the generated `search_vector` (gloss as English, weighted B; the folded form as is). Each
 * entry's document also holds its language's name, so "water in Babanki" covers both terms of
 * the question with Babanki's entry for water, not only one with every language's.
 */
const SEARCH_SQL = `
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
   ORDER BY cardinality("matched") DESC, "rank" DESC, length("gloss"), "language", "id"
   LIMIT $2`;

interface DictionarySearchRow {
  id: string;
  language: string;
  form: string;
  gloss: string;
  source: string;
  sourceKind: DictionarySourceKind;
  languageName: string;
  rank: number | string;
  matched: number[];
}

/** What a reader must know about a form of this kind, for the excerpt. */
const KIND_NOTES: Readonly<Record<DictionarySourceKind, string>> = {
  numerals: 'a numeral as written',
  polyglottaafricana: "Koelle's 1854 transcription in Polyglotta Africana, not today's spelling",
  'asjp-v12': "ASJP's phonetic ASCII code, not spelling",
  AI: 'suggested by an AI model, not from the open data',
};

/**
 * The open dictionary as local knowledge (chat's offline advisor, local web search, offline
 * research): the same entries for everyone, so the user is ignored.
 */
@Injectable()
export class DictionaryKnowledgeSource implements KnowledgeSource, OnModuleInit {
  readonly name = 'dictionary';
  readonly description = {
    en: 'the open dictionary of African languages',
    fr: 'le dictionnaire ouvert des langues africaines',
  };

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly knowledge: KnowledgeSearchService,
  ) {}

  onModuleInit(): void {
    this.knowledge.register(this);
  }

  async search(query: KnowledgeSourceQuery): Promise<KnowledgeHit[]> {
    if (query.terms.terms.length === 0 || query.limit <= 0) return [];
    const excluded = new Set(query.excludeIds ?? []);
    const rows: DictionarySearchRow[] = await this.dataSource.query(SEARCH_SQL, [
      query.terms.anyWord,
      query.limit,
      query.terms.terms.map((term) => term.search),
    ]);
    return rows
      .filter((row) => !excluded.has(row.id))
      .map((row) => ({
        source: this.name,
        title: `Dictionary: ${row.gloss} → ${row.form} (${row.languageName}, ${SOURCE_KIND_LABELS[row.sourceKind]})`,
        excerpt: `In ${row.languageName} (${row.language}), '${row.gloss}' is '${row.form}': ${KIND_NOTES[row.sourceKind]} (source ${row.source}; open data, CC BY 4.0).`,
        rank: Number(row.rank),
        matchedTerms: row.matched,
      }));
  }
}
