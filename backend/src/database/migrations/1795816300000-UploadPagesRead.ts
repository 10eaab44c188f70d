import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the OCR of a scanned upload read and skipped (backend/src/enhancements/uploads): the pages
 * read from the first on, the pages in all, why the rest were left (the page cap or the time
 * limit) and that said in words (docs/operations.md#uploaded-documents-and-ocr).
 */
export class UploadPagesRead1795816300000 implements MigrationInterface {
  name = 'UploadPagesRead1795816300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "uploads"
         ADD COLUMN "pages_read" integer CHECK ("pages_read" >= 0),
         ADD COLUMN "pages_total" integer CHECK ("pages_total" >= 0),
         ADD COLUMN "extraction_stopped_by" varchar(16)
           CHECK ("extraction_stopped_by" IN ('page-limit', 'time-limit')),
         ADD COLUMN "extraction_note" text`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "uploads"
         DROP COLUMN "pages_read", DROP COLUMN "pages_total",
         DROP COLUMN "extraction_stopped_by", DROP COLUMN "extraction_note"`,
    );
  }
}
