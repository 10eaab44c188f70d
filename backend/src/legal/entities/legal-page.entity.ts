import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One legal page (docs/product.md#legal-pages), seeded by migration. `{{APP_NAME}}` in the text is filled in when served. */
@Entity({ name: 'legal_page' })
export class LegalPageEntity {
  /** terms, privacy, cookies, fair_use or pricing. */
  @PrimaryColumn({ type: 'varchar', length: 32 })
  type: string;

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
