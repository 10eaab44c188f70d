import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { LexiconLanguageForms } from '../lexicon/lexicon-files';

/** One import at a time across every process (PostgreSQL session advisory lock). */
const IMPORT_LOCK_KEY = 0x6b617361; // 'kasa'

/**
 * Writes one language of the open data into the dictionary, as an idempotent upsert: a row that
 * is already there (same language, form, gloss and source) is left alone, so a re-run inserts
 * nothing. Forms the data no longer has are removed (newer data replaces older), never the
 * entries a model suggested (source 'AI').
 */
@Injectable()
export class DictionaryImportRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Runs `work` while this process holds the import lock (a session advisory lock on a connection
   * of its own, released after `work`); false, without running it, when another process holds it.
   */
  async whileHoldingImportLock(work: () => Promise<void>): Promise<boolean> {
    const lockRunner = this.dataSource.createQueryRunner();
    await lockRunner.connect();
    try {
      const [{ locked }] = (await lockRunner.query(`SELECT pg_try_advisory_lock($1) AS "locked"`, [
        IMPORT_LOCK_KEY,
      ])) as { locked: boolean }[];
      if (!locked) return false;
      try {
        await work();
      } finally {
        await lockRunner.query(`SELECT pg_advisory_unlock($1)`, [IMPORT_LOCK_KEY]);
      }
      return true;
    } finally {
      await lockRunner.release();
    }
  }

  /** Runs `work` in one transaction (a language's forms and its outcome in the run). */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Whether the dictionary holds no entry of the open data (the AI's suggestions aside). */
  async isEmpty(): Promise<boolean> {
    const [{ empty }] = (await this.dataSource.query(
      `SELECT NOT EXISTS (SELECT 1 FROM "dictionary_entries" WHERE "source_kind" <> 'AI') AS "empty"`,
    )) as { empty: boolean }[];
    return empty;
  }

  /** Whether the language was imported from exactly these forms already. */
  async isUpToDate(language: LexiconLanguageForms): Promise<boolean> {
    const rows: { up_to_date: boolean }[] = await this.dataSource.query(
      `SELECT l."data_version" = $2 AND l."entries" = (
                SELECT count(*)::int FROM "dictionary_entries" e
                 WHERE e."language" = l."code" AND e."source_kind" <> 'AI') AS "up_to_date"
         FROM "dictionary_languages" l WHERE l."code" = $1`,
      [language.code, language.version],
    );
    return rows[0]?.up_to_date === true;
  }

  /** Upserts the language's forms inside `manager`'s transaction; returns how many were new. */
  async importLanguage(manager: EntityManager, language: LexiconLanguageForms): Promise<number> {
    const { forms } = language;
    const column = <K extends keyof (typeof forms)[number]>(key: K) => forms.map((form) => form[key]);
    const inserted: unknown[] = await manager.query(
      `INSERT INTO "dictionary_entries"
              ("language", "form", "form_key", "gloss", "gloss_key", "source", "source_kind", "part_of_speech")
       SELECT $1, f.*
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS f
       ON CONFLICT ON CONSTRAINT "dictionary_entries_natural_key" DO NOTHING
       RETURNING 1`,
      [
        language.code,
        column('form'),
        column('formKey'),
        column('gloss'),
        column('glossKey'),
        column('source'),
        column('sourceKind'),
        column('partOfSpeech'),
      ],
    );
    await manager.query(
      `DELETE FROM "dictionary_entries" e
        WHERE e."language" = $1 AND e."source_kind" <> 'AI'
          AND NOT EXISTS (
            SELECT 1 FROM unnest($2::text[], $3::text[], $4::text[]) AS f("form", "gloss", "source")
             WHERE f."form" = e."form" AND f."gloss" = e."gloss" AND f."source" = e."source")`,
      [language.code, column('form'), column('gloss'), column('source')],
    );
    await manager.query(
      `INSERT INTO "dictionary_languages" ("code", "name", "data_version", "entries", "imported_at")
       VALUES ($1, $2, $3, $4, clock_timestamp())
       ON CONFLICT ("code") DO UPDATE
         SET "name" = EXCLUDED."name", "data_version" = EXCLUDED."data_version",
             "entries" = EXCLUDED."entries", "imported_at" = EXCLUDED."imported_at"`,
      [language.code, language.name, language.version, forms.length],
    );
    return inserted.length;
  }
}
