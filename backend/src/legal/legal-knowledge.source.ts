import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { knowledgeRankSql, markCutEnds, matchedTermsSql, plainExcerpt } from '../ai/knowledge/full-text';
import { KnowledgeSearchService } from '../ai/knowledge/knowledge-search.service';
import type { KnowledgeHit, KnowledgeSource, KnowledgeSourceQuery } from '../ai/knowledge/knowledge-source';
import { APP_CONFIG, type AppConfig } from '../config';
import { LegalPageEntity } from './entities/legal-page.entity';
import { fillPlaceholders } from './legal.service';

/**
 * Sections ('# ' headings) of the legal pages ranked against the question: the heading weighs
 * most, then the page title, then the text (the shared labels of full-text.ts). Pages are split in
 * SQL so a hit points at the part that answers ('Pricing — How to pay'), not at a whole page. Five
 * short pages: computed per query, no index needed. The names are filled in before searching, so
 * "Kasa" is findable. The sections containing the most question terms come first, then by rank.
 */
const SEARCH_SQL = String.raw`
  WITH q AS (SELECT websearch_to_tsquery('english', $1) AS query),
  sections AS (
    SELECT p.type, p.title, s.n,
           replace(replace(s.body, '{{APP_NAME}}', $2), '{{ASSISTANT_NAME}}', $3) AS body
    FROM "legal_page" p,
         regexp_split_to_table(p.content, '\n(?=#\s)') WITH ORDINALITY AS s(body, n)
  ),
  parts AS (
    SELECT type, title, n,
           substring(body from '^#+\s*([^\n]*)') AS heading,
           regexp_replace(body, '^#+[^\n]*\n?', '') AS text
    FROM sections
  ),
  docs AS (
    SELECT type, title, n, heading, text,
           setweight(to_tsvector('english', coalesce(heading, '')), 'A') ||
           setweight(to_tsvector('english', title), 'B') ||
           setweight(to_tsvector('english', text), 'D') AS document
    FROM parts
  ),
  ranked AS (
    SELECT d.type, d.title, d.n, d.heading, d.text,
           ${knowledgeRankSql('d.document', 'q.query')} AS rank,
           ${matchedTermsSql('english', 'd.document', '$5')} AS matched
    FROM docs d, q
    WHERE d.document @@ q.query
  ),
  matches AS (
    SELECT * FROM ranked
    ORDER BY cardinality(matched) DESC, rank DESC, type, n
    LIMIT $4
  )
  SELECT m.type, m.title, m.heading, m.rank, m.matched,
         ts_headline('english', m.text, q.query,
           'MaxFragments=2, MaxWords=30, MinWords=12, ShortWord=2, StartSel="", StopSel="", FragmentDelimiter=" … "'
         ) AS excerpt
  FROM matches m, q
  ORDER BY cardinality(m.matched) DESC, m.rank DESC, m.type, m.n`;

interface LegalSearchRow {
  type: string;
  title: string;
  heading: string | null;
  rank: number | string;
  matched: number[];
  excerpt: string;
}

/** '/legal/fair-use' for 'fair_use' (the shell's route slugs). */
export function legalPageUrl(type: string): string {
  return `/legal/${type.replace(/_/g, '-')}`;
}

/** The legal pages (terms, privacy, cookies, fair use, pricing) as local knowledge. Not per user. */
@Injectable()
export class LegalKnowledgeSource implements KnowledgeSource, OnModuleInit {
  readonly name = 'legal';
  readonly description: KnowledgeSource['description'];

  constructor(
    @InjectRepository(LegalPageEntity) private readonly pages: Repository<LegalPageEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly knowledge: KnowledgeSearchService,
  ) {
    const app = config.appName;
    this.description = {
      en: `${app}'s legal pages and pricing (terms of use, privacy, cookies, fair use, plans and prices)`,
      fr:
        `les pages légales et les tarifs de ${app} (conditions d'utilisation, confidentialité, ` +
        'cookies, usage équitable, offres et prix)',
    };
  }

  onModuleInit(): void {
    this.knowledge.register(this);
  }

  async search(query: KnowledgeSourceQuery): Promise<KnowledgeHit[]> {
    if (query.terms.terms.length === 0 || query.limit <= 0) return [];
    const rows: LegalSearchRow[] = await this.pages.query(SEARCH_SQL, [
      query.terms.anyWord,
      this.config.appName,
      this.config.assistantName,
      query.limit,
      query.terms.terms.map((term) => term.search),
    ]);
    const names = { appName: this.config.appName, assistantName: this.config.assistantName };
    return rows.map((row) => {
      const title = fillPlaceholders(row.title, names);
      const heading = row.heading?.trim();
      return {
        source: this.name,
        title: heading ? `${title} — ${heading}` : title,
        excerpt: markCutEnds(plainExcerpt(row.excerpt)),
        rank: Number(row.rank),
        matchedTerms: row.matched,
        url: legalPageUrl(row.type),
      };
    });
  }
}
