import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { LegalPageLanguage } from '@kasa/contracts';

/**
 * One legal page in one language (docs/product.md#legal-pages), seeded by migration: each
 * (type, language) has its own version and effective date. `{{APP_NAME}}` in the text is filled
 * in when served.
 */
@Entity({ name: 'legal_page' })
export class LegalPageEntity {
  /** terms, privacy, cookies, fair_use or pricing. */
  @PrimaryColumn({ type: 'varchar', length: 32 })
  type: string;

  /** 'en' or 'fr' (LEGAL_PAGE_LANGUAGES). */
  @PrimaryColumn({ type: 'varchar', length: 2 })
  language: LegalPageLanguage;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'varchar', length: 20 })
  version: string;

  /** PostgreSQL `date`, read as 'YYYY-MM-DD'. */
  @Column({ name: 'effective_date', type: 'date' })
  effectiveDate: string;

  @Column({ type: 'text' })
  content: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
