import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { DictionaryLoadingState, PopulationResult } from '@kasa/contracts';

export type ImportTrigger = 'auto' | 'admin' | 'cli';
export type ImportStatus = DictionaryLoadingState['status'];

/** A row of dictionary_import_runs: one import, its progress and its outcome. */
export interface ImportRun {
  id: string;
  status: ImportStatus;
  trigger: ImportTrigger;
  dataVersion: string;
  totalLanguages: number;
  processedLanguages: number;
  successfulLanguages: number;
  totalInserted: number;
  currentLanguage: string | null;
  results: PopulationResult[];
  /** How often a worker took the run up again after the one running it died. */
  resumes: number;
  error: string | null;
  details: string | null;
  createdAt: Date;
  startedAt: Date | null;
  updatedAt: Date;
  finishedAt: Date | null;
}

interface ImportRunRow {
  id: string;
  status: ImportStatus;
  trigger: ImportTrigger;
  data_version: string;
  total_languages: number;
  processed_languages: number;
  successful_languages: number;
  total_inserted: number;
  current_language: string | null;
  results: PopulationResult[];
  resumes: number;
  error: string | null;
  details: string | null;
  created_at: Date;
  started_at: Date | null;
  updated_at: Date;
  finished_at: Date | null;
}

const COLUMNS = `"id", "status", "trigger", "data_version", "total_languages", "processed_languages",
  "successful_languages", "total_inserted", "current_language", "results", "resumes", "error", "details",
  "created_at", "started_at", "updated_at", "finished_at"`;

function toRun(row: ImportRunRow): ImportRun {
  return {
    id: row.id,
    status: row.status,
    trigger: row.trigger,
    dataVersion: row.data_version,
    totalLanguages: row.total_languages,
    processedLanguages: row.processed_languages,
    successfulLanguages: row.successful_languages,
    totalInserted: row.total_inserted,
    currentLanguage: row.current_language,
    results: row.results,
    resumes: row.resumes,
    error: row.error,
    details: row.details,
    createdAt: row.created_at,
    startedAt: row.started_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
  };
}

/** The loading state the tool shows (GET …/stats, define, translate) from a run. */
export function loadingStateOf(run: ImportRun): DictionaryLoadingState {
  return {
    status: run.status,
    processedLanguages: run.processedLanguages,
    totalLanguages: run.totalLanguages,
    totalInserted: run.totalInserted,
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    error: run.error,
  };
}

/** dictionary_import_runs (migration 1764600000000-Dictionary). */
@Injectable()
export class ImportRunsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The queued or running import, or a new queued one. The partial unique index allows one active
   * run: of two concurrent callers, one inserts and the other reads the row it inserted.
   */
  async createOrGetActive(
    trigger: ImportTrigger,
    dataVersion: string,
    requestedBy: string | null,
  ): Promise<{ run: ImportRun; created: boolean }> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const inserted: ImportRunRow[] = await this.dataSource.query(
        `INSERT INTO "dictionary_import_runs" ("status", "trigger", "requested_by", "data_version")
         VALUES ('queued', $1, $2, $3)
         ON CONFLICT DO NOTHING
         RETURNING ${COLUMNS}`,
        [trigger, requestedBy, dataVersion],
      );
      if (inserted[0]) return { run: toRun(inserted[0]), created: true };
      const active = await this.active();
      if (active) return { run: active, created: false };
      // the active run finished between the two statements: try again
    }
    throw new Error('Could not create or find the active dictionary import');
  }

  async active(): Promise<ImportRun | undefined> {
    const rows: ImportRunRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM "dictionary_import_runs" WHERE "status" IN ('queued', 'running') LIMIT 1`,
    );
    return rows[0] && toRun(rows[0]);
  }

  async find(id: string): Promise<ImportRun | undefined> {
    const rows: ImportRunRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM "dictionary_import_runs" WHERE "id" = $1`,
      [id],
    );
    return rows[0] && toRun(rows[0]);
  }

  /** The newest run, active or not. */
  async latest(): Promise<ImportRun | undefined> {
    const rows: ImportRunRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM "dictionary_import_runs" ORDER BY "created_at" DESC LIMIT 1`,
    );
    return rows[0] && toRun(rows[0]);
  }

  /** The newest run that completed. */
  async lastComplete(): Promise<ImportRun | undefined> {
    const rows: ImportRunRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM "dictionary_import_runs" WHERE "status" = 'complete'
        ORDER BY "finished_at" DESC LIMIT 1`,
    );
    return rows[0] && toRun(rows[0]);
  }

  /** Marks a queued (or resumed) run running; undefined when it is already finished or unknown. */
  async begin(id: string, dataVersion: string, totalLanguages: number): Promise<ImportRun | undefined> {
    // TypeORM answers an UPDATE with [rows, rowCount].
    const [rows] = (await this.dataSource.query(
      `UPDATE "dictionary_import_runs"
          SET "resumes" = "resumes" + (CASE WHEN "status" = 'running' THEN 1 ELSE 0 END),
              "status" = 'running', "data_version" = $2, "total_languages" = $3,
              "started_at" = coalesce("started_at", clock_timestamp()), "updated_at" = clock_timestamp()
        WHERE "id" = $1 AND "status" IN ('queued', 'running')
        RETURNING ${COLUMNS}`,
      [id, dataVersion, totalLanguages],
    )) as [ImportRunRow[], number];
    return rows[0] && toRun(rows[0]);
  }

  /**
   * Adds one language's outcome, in the transaction that imported it (`manager`: a killed worker
   * leaves either both or neither). A language already recorded is not counted twice.
   */
  async recordLanguage(
    id: string,
    result: PopulationResult,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `UPDATE "dictionary_import_runs"
          SET "results" = "results" || jsonb_build_array($2::jsonb),
              "processed_languages" = "processed_languages" + 1,
              "successful_languages" = "successful_languages" + (CASE WHEN $3 THEN 1 ELSE 0 END),
              "total_inserted" = "total_inserted" + $4,
              "current_language" = $5,
              "updated_at" = clock_timestamp()
        WHERE "id" = $1 AND NOT ("results" @> jsonb_build_array(jsonb_build_object('code', $6::text)))`,
      [
        id,
        JSON.stringify(result),
        result.status === 'success',
        result.inserted,
        result.language,
        result.code,
      ],
    );
  }

  async finish(
    id: string,
    outcome: { status: 'complete' | 'failed'; error?: string; details?: string },
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE "dictionary_import_runs"
          SET "status" = $2, "error" = $3, "details" = $4, "current_language" = NULL,
              "finished_at" = clock_timestamp(), "updated_at" = clock_timestamp()
        WHERE "id" = $1 AND "status" IN ('queued', 'running')`,
      [id, outcome.status, outcome.error ?? null, outcome.details ?? null],
    );
  }

  /** Marks a run as still alive (a resumed job), so it is not taken for abandoned. */
  async touch(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "dictionary_import_runs" SET "updated_at" = clock_timestamp() WHERE "id" = $1`,
      [id],
    );
  }
}
