import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { PopulationResult } from '@kasa/contracts';
import { type LexiconData, LexiconDataError } from '../lexicon/lexicon-files';
import { LexiconService } from '../lexicon/lexicon.service';
import { DictionaryImporter } from './dictionary-importer';
import { ImportRunsRepository } from './import-runs.repository';

/** One import at a time across every process (PostgreSQL session advisory lock). */
const IMPORT_LOCK_KEY = 0x6b617361; // 'kasa'

export interface RunnerHooks {
  /** Called after each language is committed (tests stop a worker midway with it). */
  afterLanguage?: (result: PopulationResult) => Promise<void> | void;
}

/**
 * Runs one dictionary import (a dictionary_import_runs row) language by language. Each language
 * is one transaction that upserts its forms and records its outcome in the run, so a worker
 * killed midway leaves whole languages behind, and the job, given back to the queue, resumes after
 * the last recorded language. Languages already recorded in the run are skipped; an automatic run
 * also skips languages whose data did not change since their last import.
 */
@Injectable()
export class PopulationRunner {
  private readonly logger = new Logger('DictionaryImport');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lexicon: LexiconService,
    private readonly importer: DictionaryImporter,
    private readonly runs: ImportRunsRepository,
  ) {}

  /** Runs (or resumes) the import `runId`. Returns false when another process holds the import. */
  async run(runId: string, hooks: RunnerHooks = {}): Promise<boolean> {
    const lockRunner = this.dataSource.createQueryRunner();
    await lockRunner.connect();
    try {
      const [{ locked }] = (await lockRunner.query(`SELECT pg_try_advisory_lock($1) AS "locked"`, [
        IMPORT_LOCK_KEY,
      ])) as { locked: boolean }[];
      if (!locked) return false;
      try {
        await this.runLocked(runId, hooks);
      } finally {
        await lockRunner.query(`SELECT pg_advisory_unlock($1)`, [IMPORT_LOCK_KEY]);
      }
      return true;
    } finally {
      await lockRunner.release();
    }
  }

  private async runLocked(runId: string, hooks: RunnerHooks): Promise<void> {
    let data: LexiconData;
    try {
      data = this.lexicon.get();
    } catch (error) {
      if (!(error instanceof LexiconDataError)) throw error;
      await this.runs.finish(runId, {
        status: 'failed',
        error: 'The dictionary data could not be read',
        details: error.message,
      });
      return;
    }
    const run = await this.runs.begin(runId, data.version, data.forms.length);
    if (!run) return;
    const recorded = new Set(run.results.map((result) => result.code));
    if (recorded.size > 0)
      this.logger.log(`Resuming dictionary import ${runId} after ${recorded.size} languages`);

    for (const language of data.forms) {
      if (recorded.has(language.code)) continue;
      const country = data.languages.get(language.code)?.country ?? '';
      const base = { language: language.name, code: language.code, country, entries: language.forms.length };
      let result: PopulationResult;
      try {
        const skip = run.trigger === 'auto' && (await this.importer.isUpToDate(language));
        result = await this.dataSource.transaction(async (manager) => {
          const inserted = skip ? 0 : await this.importer.importLanguage(manager, language);
          const outcome: PopulationResult = { ...base, status: 'success', inserted };
          await this.runs.recordLanguage(manager, runId, outcome);
          return outcome;
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.logger.error(`Importing ${language.code} (${language.name}) failed: ${message}`);
        result = { ...base, status: 'failed', entries: 0, inserted: 0, error: message };
        await this.runs.recordLanguage(this.dataSource.manager, runId, result);
      }
      await hooks.afterLanguage?.(result);
    }

    const finished = await this.runs.find(runId);
    const failed = (finished?.results ?? []).filter((result) => result.status !== 'success');
    if (failed.length === data.forms.length)
      await this.runs.finish(runId, {
        status: 'failed',
        error: 'No language could be imported',
        details: failed[0]?.error,
      });
    else await this.runs.finish(runId, { status: 'complete' });
    this.logger.log(
      `Dictionary import ${runId} finished: ${finished?.totalInserted ?? 0} entries added, ${failed.length} languages failed`,
    );
  }
}
