import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { LegalPageLanguage } from '@kasa/contracts';
import { knowledgeRankSql, matchedTermsSql, type TextSearchConfig } from '../ai/knowledge/full-text';
import { CookiePreferencesEntity } from './entities/cookie-preferences.entity';
import { LegalPageEntity } from './entities/legal-page.entity';

export interface CookieFlags {
  necessary: boolean;
  analytics: boolean;
  marketing: boolean;
  preferences: boolean;
}

/** The text search configuration of each page language (stemming and stop words of that language). */
const LEGAL_TEXT_SEARCH_CONFIG: Readonly<Record<LegalPageLanguage, TextSearchConfig>> = {
  en: 'english',
  fr: 'french',
};

/**
 * Sections ('# ' headings) of the legal pages in one language ($6) ranked against the question:
 * the heading weighs most, then the page title, then the text (the shared labels of full-text.ts).
 * Pages are split in SQL so a hit points at the part that answers ('Pricing — How to pay'), not at
 * a whole page. Five short pages: computed per query, no index needed. The names are filled in
 * before searching, so "Kasa" is findable. The sections containing the most question terms come
 * first, then by rank. `config` is one of LEGAL_TEXT_SEARCH_CONFIG's constants, never user input.
 */
function knowledgeSearchSql(config: TextSearchConfig): string {
  return String.raw`
  WITH q AS (SELECT websearch_to_tsquery('${config}', $1) AS query),
  sections AS (
    SELECT p.type, p.title, s.n,
           replace(replace(s.body, '{{APP_NAME}}', $2), '{{ASSISTANT_NAME}}', $3) AS body
    FROM "legal_page" p,
         regexp_split_to_table(p.content, '\n(?=#\s)') WITH ORDINALITY AS s(body, n)
    WHERE p.language = $6
  ),
  parts AS (
    SELECT type, title, n,
           substring(body from '^#+\s*([^\n]*)') AS heading,
           regexp_replace(body, '^#+[^\n]*\n?', '') AS text
    FROM sections
  ),
  docs AS (
    SELECT type, title, n, heading, text,
           setweight(to_tsvector('${config}', coalesce(heading, '')), 'A') ||
           setweight(to_tsvector('${config}', title), 'B') ||
           setweight(to_tsvector('${config}', text), 'D') AS document
    FROM parts
  ),
  ranked AS (
    SELECT d.type, d.title, d.n, d.heading, d.text,
           ${knowledgeRankSql('d.document', 'q.query')} AS rank,
           ${matchedTermsSql(config, 'd.document', '$5')} AS matched
    FROM docs d, q
    WHERE d.document @@ q.query
  ),
  matches AS (
    SELECT * FROM ranked
    ORDER BY cardinality(matched) DESC, rank DESC, type, n
    LIMIT $4
  )
  SELECT m.type, m.title, m.heading, m.rank, m.matched,
         ts_headline('${config}', m.text, q.query,
           'MaxFragments=2, MaxWords=30, MinWords=12, ShortWord=2, StartSel="", StopSel="", FragmentDelimiter=" … "'
         ) AS excerpt
  FROM matches m, q
  ORDER BY cardinality(m.matched) DESC, m.rank DESC, m.type, m.n`;
}

const KNOWLEDGE_SEARCH_SQL: Readonly<Record<LegalPageLanguage, string>> = {
  en: knowledgeSearchSql(LEGAL_TEXT_SEARCH_CONFIG.en),
  fr: knowledgeSearchSql(LEGAL_TEXT_SEARCH_CONFIG.fr),
};

export interface LegalSectionRow {
  type: string;
  title: string;
  heading: string | null;
  /** full-text.ts knowledgeRankSql (numeric: the driver may answer a string). */
  rank: number | string;
  /** full-text.ts matchedTermsSql. */
  matched: number[];
  excerpt: string;
}

/** A section of a legal page matching a question (LegalKnowledgeSource). */
export interface LegalSectionMatch {
  /** The page's type ('fair_use'). */
  type: string;
  /** The page's title, placeholders not filled in. */
  title: string;
  /** The section's heading, trimmed; null for the text before the first heading. */
  heading: string | null;
  /** The matching text (ts_headline fragments). */
  excerpt: string;
  rank: number;
  matchedTerms: number[];
}

export function toLegalSectionMatch(row: LegalSectionRow): LegalSectionMatch {
  return {
    type: row.type,
    title: row.title,
    heading: row.heading?.trim() || null,
    excerpt: row.excerpt,
    rank: Number(row.rank),
    matchedTerms: row.matched,
  };
}

/** Database access for the legal module. */
@Injectable()
export class LegalRepository {
  constructor(
    @InjectRepository(LegalPageEntity) private readonly pages: Repository<LegalPageEntity>,
    @InjectRepository(CookiePreferencesEntity) private readonly cookies: Repository<CookiePreferencesEntity>,
  ) {}

  /**
   * The sections of the pages in `language` matching any of the question's words (`anyWord`),
   * those containing the most of its terms (`termSearches`) first, with the names filled into the
   * text before it is searched. Each language is searched with its own text search configuration.
   */
  async findKnowledgeSections(
    anyWord: string,
    termSearches: string[],
    limit: number,
    names: { appName: string; assistantName: string },
    language: LegalPageLanguage,
  ): Promise<LegalSectionMatch[]> {
    const rows: LegalSectionRow[] = await this.pages.query(KNOWLEDGE_SEARCH_SQL[language], [
      anyWord,
      names.appName,
      names.assistantName,
      limit,
      termSearches,
      language,
    ]);
    return rows.map(toLegalSectionMatch);
  }

  findPage(type: string, language: LegalPageLanguage): Promise<LegalPageEntity | null> {
    return this.pages.findOneBy({ type, language });
  }

  findCookiePreferences(sessionId: string): Promise<CookiePreferencesEntity | null> {
    return this.cookies.findOneBy({ sessionId });
  }

  /** Insert or replace the choice for one session in a single statement; returns the stored row. */
  async saveCookiePreferences(sessionId: string, flags: CookieFlags): Promise<CookiePreferencesEntity> {
    const rows: Array<Record<string, unknown>> = await this.cookies.query(
      `INSERT INTO "cookie_preferences" ("session_id", "necessary", "analytics", "marketing", "preferences")
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("session_id") DO UPDATE SET
         "necessary" = EXCLUDED."necessary",
         "analytics" = EXCLUDED."analytics",
         "marketing" = EXCLUDED."marketing",
         "preferences" = EXCLUDED."preferences",
         "updated_at" = now()
       RETURNING "session_id", "necessary", "analytics", "marketing", "preferences", "created_at", "updated_at"`,
      [sessionId, flags.necessary, flags.analytics, flags.marketing, flags.preferences],
    );
    const row = rows[0];
    return Object.assign(new CookiePreferencesEntity(), {
      sessionId: row.session_id as string,
      necessary: row.necessary as boolean,
      analytics: row.analytics as boolean,
      marketing: row.marketing as boolean,
      preferences: row.preferences as boolean,
      createdAt: row.created_at as Date,
      updatedAt: row.updated_at as Date,
    });
  }

  /** Removes choices not changed since `before` (the retention the privacy policy states). */
  async deleteCookiePreferencesOlderThan(before: Date): Promise<number> {
    const result = await this.cookies
      .createQueryBuilder()
      .delete()
      .where('"updated_at" < :before', { before })
      .execute();
    return result.affected ?? 0;
  }
}
