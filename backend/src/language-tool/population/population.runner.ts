import { Injectable, Logger } from '@nestjs/common';
import type { PopulationResult } from '@kasa/contracts';
import { type LexiconData, LexiconDataError } from '../lexicon/lexicon-files';
import { LexiconService } from '../lexicon/lexicon.service';
import { DictionaryImportRepository } from './dictionary-import.repository';
import { ImportRunsRepository } from './import-runs.repository';

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
    private readonly lexicon: LexiconService,
    private readonly importer: DictionaryImportRepository,
    private readonly runs: ImportRunsRepository,
  ) {}

  /** Runs (or resumes) the import `runId`. Returns false when another process holds the import. */
  run(runId: string, hooks: RunnerHooks = {}): Promise<boolean> {
    return this.importer.whileHoldingImportLock(() => this.runLocked(runId, hooks));
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
        result = await this.importer.transaction(async (manager) => {
          const inserted = skip ? 0 : await this.importer.importLanguage(manager, language);
          const outcome: PopulationResult = { ...base, status: 'success', inserted };
          await this.runs.recordLanguage(runId, outcome, manager);
          return outcome;
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.logger.error(`Importing ${language.code} (${language.name}) failed: ${message}`);
        result = { ...base, status: 'failed', entries: 0, inserted: 0, error: message };
        await this.runs.recordLanguage(runId, result);
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
