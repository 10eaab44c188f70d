import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { DictionaryLoadingState, PopulationEvent } from '@kasa/contracts';
import { APP_CONFIG, type AppConfig } from '../../config';
import { queueOfJob, QueueService } from '../../queue';
import { jobData } from '../../queue/job-data';
import { dictionaryDataMissing } from '../language-tool.errors';
import { LexiconDataError } from '../lexicon/lexicon-files';
import { LexiconService } from '../lexicon/lexicon.service';
import { DictionaryImportRepository } from './dictionary-import.repository';
import { IMPORT_DICTIONARY_JOB } from './jobs/import-dictionary.job-types';
import {
  type ImportRun,
  ImportRunsRepository,
  type ImportTrigger,
  loadingStateOf,
} from './import-runs.repository';
import { PopulationRunner, type RunnerHooks } from './population.runner';

/** How often a stream re-reads its run. */
const FOLLOW_POLL_MS = 200;
/** An active run untouched this long lost its worker (and its retries): its job is added again. */
export const ABANDONED_AFTER_MS = 2 * 60_000;
/** A run nobody takes this long: the stream says no worker runs imports (the run stays queued). */
const NO_WORKER_AFTER_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The dictionary import as the API sees it: start one (or join the one running), follow its
 * progress as the product's events, import at start when the dictionary is empty or older than the
 * data, and say how far the first import is.
 */
@Injectable()
export class PopulationService implements OnApplicationBootstrap {
  private readonly logger = new Logger('DictionaryImport');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dictionary: DictionaryImportRepository,
    private readonly lexicon: LexiconService,
    private readonly runs: ImportRunsRepository,
    private readonly runner: PopulationRunner,
    private readonly queues: QueueService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.lexicon.autoImport) return;
    // Once per deployment: N API processes (API_PROCESSES) would each find the dictionary empty.
    if (this.config.apiProcessIndex) return;
    void this.importIfNeeded().catch((error: unknown) =>
      this.logger.error(
        `The automatic dictionary import could not start: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }

  /** Starts an import when the dictionary is empty or was imported from other data. */
  async importIfNeeded(): Promise<ImportRun | undefined> {
    const version = this.dataVersion();
    const empty = await this.dictionary.isEmpty();
    const last = await this.runs.lastComplete();
    const active = await this.runs.active();
    if (!active && !empty && last?.dataVersion === version) return undefined;
    this.logger.log(
      active
        ? 'A dictionary import was left unfinished: resuming it in the background.'
        : empty
          ? 'The dictionary is empty: importing the open lexicon data in the background.'
          : 'The lexicon data changed since the last import: importing it in the background.',
    );
    return this.start('auto', null, { resume: true });
  }

  /**
   * The active import, or a new one whose job is queued. A run that is active but abandoned (its
   * worker died and its retries ran out), or any active run when `resume` is set (a start of the
   * API), gets a job again and resumes; the runner's lock keeps a second job from running it twice.
   */
  async start(
    trigger: ImportTrigger,
    requestedBy: string | null,
    { resume = false } = {},
  ): Promise<ImportRun> {
    const { run, created } = await this.runs.createOrGetActive(trigger, this.dataVersion(), requestedBy);
    if (created) await this.enqueue(run.id, run.id);
    else if (resume || Date.now() - run.updatedAt.getTime() > ABANDONED_AFTER_MS) {
      await this.runs.touch(run.id);
      // BullMQ refuses ':' in a custom job id.
      await this.enqueue(run.id, `${run.id}-resume-${Date.now()}`);
    }
    return run;
  }

  /** Runs an import in this process (npm run dictionary:import, tests), or joins the active one. */
  async importNow(trigger: ImportTrigger, hooks: RunnerHooks = {}): Promise<ImportRun> {
    const { run } = await this.runs.createOrGetActive(trigger, this.dataVersion(), null);
    await this.runner.run(run.id, hooks);
    return (await this.runs.find(run.id)) ?? run;
  }

  /**
   * Sends a run's progress as the product's events until it completes or fails: 'start', one
   * 'progress' per language recorded (a client joining late first gets those already done),
   * then 'complete' or 'error'. Stops when `send` answers false (the client left) or on `signal`.
   */
  async follow(
    runId: string,
    send: (event: PopulationEvent) => boolean,
    signal?: AbortSignal,
  ): Promise<void> {
    let sent = 0;
    let started = false;
    const since = Date.now();
    while (!signal?.aborted) {
      const run = await this.runs.find(runId);
      if (!run) {
        send({ type: 'error', error: 'The import was not found', details: `No import ${runId}` });
        return;
      }
      if (!started && (run.status !== 'queued' || run.totalLanguages > 0)) {
        started = true;
        if (!send({ type: 'start', total: run.totalLanguages, processedLanguages: run.processedLanguages }))
          return;
      }
      while (started && sent < run.results.length) {
        const result = run.results[sent];
        sent += 1;
        const delivered = send({
          type: 'progress',
          total: run.totalLanguages,
          language: result.language,
          processed: sent,
          totalInserted: run.results.slice(0, sent).reduce((sum, item) => sum + item.inserted, 0),
          processedLanguages: sent,
          successfulLanguages: run.results.slice(0, sent).filter((item) => item.status === 'success').length,
          results: [result],
        });
        if (!delivered) return;
      }
      if (run.status === 'complete') {
        send({
          type: 'complete',
          total: run.totalLanguages,
          totalInserted: run.totalInserted,
          processedLanguages: run.processedLanguages,
          successfulLanguages: run.successfulLanguages,
          results: run.results,
        });
        return;
      }
      if (run.status === 'failed') {
        send({
          type: 'error',
          error: run.error ?? 'The import failed',
          details: run.details ?? undefined,
          processedLanguages: run.processedLanguages,
          successfulLanguages: run.successfulLanguages,
          totalInserted: run.totalInserted,
        });
        return;
      }
      if (run.status === 'queued' && Date.now() - since > NO_WORKER_AFTER_MS) {
        send({
          type: 'error',
          error: 'No worker is running dictionary imports',
          details:
            'The import is queued and starts when a worker runs (WORKER_MODE=inline, or npm run worker beside the API).',
        });
        return;
      }
      await sleep(FOLLOW_POLL_MS);
    }
  }

  /** How far the running (or last failed) import is, or null once the dictionary is loaded. */
  async loadingState(): Promise<DictionaryLoadingState | null> {
    const active = await this.runs.active();
    if (active) return loadingStateOf(active);
    if (await this.runs.lastComplete()) return null;
    const latest = await this.runs.latest();
    return latest ? loadingStateOf(latest) : null;
  }

  /** The latest run's state, for the statistics (null before the first import). */
  async lastImport(): Promise<DictionaryLoadingState | null> {
    const latest = await this.runs.latest();
    return latest ? loadingStateOf(latest) : null;
  }

  /** The data's version; a 503 naming LEXICON_DIR when the files cannot be read. */
  dataVersion(): string {
    try {
      return this.lexicon.get().version;
    } catch (error) {
      if (error instanceof LexiconDataError) throw dictionaryDataMissing(error.message);
      throw error;
    }
  }

  private async enqueue(runId: string, jobId: string): Promise<void> {
    await this.queues
      .queue(queueOfJob(IMPORT_DICTIONARY_JOB))
      .add(IMPORT_DICTIONARY_JOB, jobData({ runId }), {
        jobId,
        attempts: 5,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: true,
      });
  }
}
