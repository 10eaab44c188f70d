import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { anyWordSearchTerms, markCutEnds, plainExcerpt } from '../ai/knowledge/full-text';
import { KnowledgeSearchService } from '../ai/knowledge/knowledge-search.service';
import type { KnowledgeHit, KnowledgeQuery, KnowledgeSource } from '../ai/knowledge/knowledge-source';
import { APP_CONFIG, type AppConfig } from '../config';
import { LegalPageEntity } from './entities/legal-page.entity';
import { fillPlaceholders } from './legal.service';

/**
 * Sections ('# ' headings) of the legal pages ranked against the question: the heading weighs
 * most, then the page title, then the text. Pages are split in SQL so a hit points at the part
 * that answers ('Pricing — How to pay'), not at a whole page. Five short pages: computed per
 * query, no index needed. The names are filled in before searching, so "Kasa" is findable.
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
           setweight(to_tsvector('english', text), 'C') AS document
    FROM parts
  )
  SELECT d.type, d.title, d.heading,
         ts_rank(d.document, q.query) AS rank,
         ts_headline('english', d.text, q.query,
           'MaxFragments=2, MaxWords=30, MinWords=12, ShortWord=2, StartSel="", StopSel="", FragmentDelimiter=" … "'
         ) AS excerpt
  FROM docs d, q
  WHERE d.document @@ q.query
  ORDER BY rank DESC, d.type, d.n
  LIMIT $4`;

interface LegalSearchRow {
  type: string;
  title: string;
  heading: string | null;
  rank: number | string;
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

  constructor(
    @InjectRepository(LegalPageEntity) private readonly pages: Repository<LegalPageEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly knowledge: KnowledgeSearchService,
  ) {}

  onModuleInit(): void {
    this.knowledge.register(this);
  }

  async search(query: KnowledgeQuery): Promise<KnowledgeHit[]> {
    const terms = anyWordSearchTerms(query.text);
    if (terms === '' || query.limit <= 0) return [];
    const rows: LegalSearchRow[] = await this.pages.query(SEARCH_SQL, [
      terms,
      this.config.appName,
      this.config.assistantName,
      query.limit,
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
        url: legalPageUrl(row.type),
      };
    });
  }
}
