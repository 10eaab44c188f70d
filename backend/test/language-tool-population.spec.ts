import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuthResponse, DictionarySourceKind, PopulationEvent } from '@kasa/contracts';
import { parse } from 'csv-parse/sync';
import { Client } from 'pg';
import request from 'supertest';
import { REPO_ROOT } from '../src/config/load-config';
import { isTranscriptionCode } from '../src/language-tool/lexicon/transcription-code';
import { PopulationService } from '../src/language-tool/population/population.service';
import { bearer, registerUser, uniqueUsername } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The dictionary import (backend/src/language-tool/population): the shared open data imported
 * language by language, idempotently; POST …/populate streamed to administrators; a killed worker
 * resumed; the automatic import at start.
 */
const POPULATE = '/api/enhancements/language-tool/populate';
const LEXICON_DIR = join(REPO_ROOT, 'data', 'lexicon');
const JOBS = { lockDurationMs: 1500, stalledIntervalMs: 500, maxStalledCount: 3 };
const TS_CHILD = join(__dirname, 'support', 'ts-child.cjs');
const JOB_WORKER = join(__dirname, 'support', 'job-worker.ts');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Rows per language of lexemes.csv that are words (not transcription codes), counted apart from the importer. */
function csvCountsPerLanguage(): Map<string, number> {
  const rows = parse(readFileSync(join(LEXICON_DIR, 'lexemes.csv'), 'utf8'), { columns: true }) as {
    language_iso: string;
    form: string;
    source_dataset: string;
  }[];
  const counts = new Map<string, number>();
  for (const row of rows)
    if (!isTranscriptionCode(row.form, row.source_dataset.split(':')[0] as DictionarySourceKind))
      counts.set(row.language_iso, (counts.get(row.language_iso) ?? 0) + 1);
  return counts;
}

async function query<T>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function dictionaryCounts(databaseUrl: string): Promise<Map<string, number>> {
  const rows = await query<{ language: string; n: number }>(
    databaseUrl,
    `SELECT "language", count(*)::int AS "n" FROM "dictionary_entries" WHERE "source_kind" <> 'AI' GROUP BY 1`,
  );
  return new Map(rows.map((row) => [row.language, row.n]));
}

/** The `data:` events of a text/event-stream body. */
function eventsOf(body: string): PopulationEvent[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as PopulationEvent);
}

function populate(ctx: TestApp, who: AuthResponse) {
  return request(ctx.app.getHttpServer())
    .post(POPULATE)
    .set(bearer(who))
    .buffer(true)
    .parse((response, callback) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => callback(null, text));
    });
}

async function registerAdmin(ctx: TestApp, username: string): Promise<AuthResponse> {
  const response = await request(ctx.app.getHttpServer())
    .post('/api/auth/register')
    .send({ username, password: 'secret123' })
    .expect(201);
  return response.body as AuthResponse;
}

const expected = csvCountsPerLanguage();
const expectedTotal = [...expected.values()].reduce((sum, n) => sum + n, 0);

describe('dictionary import of the shared data', () => {
  const adminName = uniqueUsername('lt_admin');
  let ctx: TestApp;
  let admin: AuthResponse;

  beforeAll(async () => {
    ctx = await createTestApp('language_tool_population', { env: { ADMIN_USERNAMES: adminName } });
    admin = await registerAdmin(ctx, adminName);
  });
  afterAll(() => ctx.close());

  it('imports every language: the counts per language match lexemes.csv', async () => {
    // 60,189 rows, 7,922 of them transcription codes (lexicon/transcription-code.ts).
    expect(expectedTotal).toBe(60_189 - 7_922);
    const run = await ctx.app.get(PopulationService).importNow('cli');
    expect(run.status).toBe('complete');
    expect(run.totalLanguages).toBe(expected.size);
    expect(run.processedLanguages).toBe(expected.size);
    expect(run.successfulLanguages).toBe(expected.size);
    expect(run.totalInserted).toBe(expectedTotal);
    expect(await dictionaryCounts(ctx.databaseUrl)).toEqual(expected);
    const babanki = run.results.find((result) => result.code === 'bbk');
    expect(babanki).toEqual({
      language: 'Babanki',
      code: 'bbk',
      country: 'Cameroon',
      status: 'success',
      entries: expected.get('bbk'),
      inserted: expected.get('bbk'),
    });
  }, 180_000);

  it('keeps each form with its source and part of speech', async () => {
    const rows = await query<{ form: string; gloss: string; source: string; part_of_speech: string }>(
      ctx.databaseUrl,
      `SELECT "form", "gloss", "source", "part_of_speech" FROM "dictionary_entries"
        WHERE "language" = 'bbk' AND "gloss" IN ('water', 'one (1)') ORDER BY "gloss"`,
    );
    expect(rows).toEqual([
      { form: 'mùʔ', gloss: 'one (1)', source: 'numerals:baba1266-1', part_of_speech: 'numeral' },
      { form: 'mu', gloss: 'water', source: 'asjp-v12:BABANKI', part_of_speech: 'noun' },
    ]);
  });

  it('a re-run inserts 0 and changes nothing', async () => {
    const before = await query<{ id: string }>(
      ctx.databaseUrl,
      `SELECT "id" FROM "dictionary_entries" ORDER BY 1`,
    );
    const run = await ctx.app.get(PopulationService).importNow('cli');
    expect(run.status).toBe('complete');
    expect(run.totalInserted).toBe(0);
    expect(run.successfulLanguages).toBe(expected.size);
    const after = await query<{ id: string }>(
      ctx.databaseUrl,
      `SELECT "id" FROM "dictionary_entries" ORDER BY 1`,
    );
    expect(after).toEqual(before);
  }, 180_000);

  it('streams one import to two administrators: the second joins it, no second import starts', async () => {
    const runsBefore = await query<{ n: number }>(
      ctx.databaseUrl,
      `SELECT count(*)::int AS "n" FROM "dictionary_import_runs"`,
    );
    const first = populate(ctx, admin).then((response) => response);
    await until('the import to run', async () => {
      const rows = await query<{ processed_languages: number }>(
        ctx.databaseUrl,
        `SELECT "processed_languages" FROM "dictionary_import_runs" WHERE "status" = 'running'`,
      );
      return (rows[0]?.processed_languages ?? 0) >= 5;
    });
    const second = await populate(ctx, admin);
    const firstResponse = await first;

    for (const response of [firstResponse, second]) {
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
      const events = eventsOf(response.body as string);
      expect(events[0]).toMatchObject({ type: 'start', total: expected.size });
      const progress = events.filter((event) => event.type === 'progress');
      expect(progress).toHaveLength(expected.size);
      expect(progress.map((event) => event.processed)).toEqual(progress.map((_, index) => index + 1));
      expect(progress[0]).toMatchObject({
        total: expected.size,
        processedLanguages: 1,
        successfulLanguages: 1,
        totalInserted: 0,
      });
      expect(progress[0].results).toHaveLength(1);
      const last = events.at(-1)!;
      expect(last).toMatchObject({
        type: 'complete',
        total: expected.size,
        totalInserted: 0,
        processedLanguages: expected.size,
        successfulLanguages: expected.size,
      });
      expect(last.results).toHaveLength(expected.size);
    }
    const runsAfter = await query<{ n: number }>(
      ctx.databaseUrl,
      `SELECT count(*)::int AS "n" FROM "dictionary_import_runs"`,
    );
    expect(runsAfter[0].n).toBe(runsBefore[0].n + 1);
    expect(await dictionaryCounts(ctx.databaseUrl)).toEqual(expected);
  }, 180_000);

  it('refuses non-administrators with a clear 403, and anonymous callers with 401', async () => {
    const user = await registerUser(ctx.app, { prefix: 'lt_user' });
    const refused = await request(ctx.app.getHttpServer()).post(POPULATE).set(bearer(user)).expect(403);
    expect(refused.body).toMatchObject({ code: 'AUTH_ADMIN_ONLY' });
    expect(refused.body.message).toMatch(/administrators/);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    await request(ctx.app.getHttpServer()).post(POPULATE).expect(401);
  });
});

describe('dictionary import with a missing data folder', () => {
  const adminName = uniqueUsername('lt_admin');
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp('language_tool_no_data', {
      env: { ADMIN_USERNAMES: adminName, LEXICON_DIR: '/nonexistent/lexicon' },
    });
  });
  afterAll(() => ctx.close());

  it('answers 503 "not available on this server", naming LEXICON_DIR to an administrator only', async () => {
    const admin = await registerAdmin(ctx, adminName);
    const response = await request(ctx.app.getHttpServer()).post(POPULATE).set(bearer(admin)).expect(503);
    expect(response.body).toMatchObject({
      code: 'DICTIONARY_DATA_MISSING',
      message: 'The dictionary data is not available on this server.',
    });
    expect(response.body.configure).toContain('LEXICON_DIR');

    const user = await registerUser(ctx.app, { prefix: 'lt_user' });
    const refused = await request(ctx.app.getHttpServer())
      .get('/api/enhancements/language-tool/languages')
      .set(bearer(user))
      .expect(503);
    expect(refused.body).toMatchObject({
      code: 'DICTIONARY_DATA_MISSING',
      message: 'The dictionary data is not available on this server.',
    });
    expect(JSON.stringify(refused.body)).not.toContain('LEXICON_DIR');
  });
});

describe('dictionary import when its worker is killed midway', () => {
  let ctx: TestApp;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    ctx = await createTestApp('language_tool_resume', {
      env: { WORKER_MODE: 'off' },
      config: { jobs: JOBS },
    });
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await ctx.close();
  });

  function startWorkerProcess(): Promise<ChildProcess> {
    const child = spawn(process.execPath, [TS_CHILD, JOB_WORKER], {
      env: { ...process.env, KASA_TEST_CONFIG: JSON.stringify(ctx.config) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve(child);
      });
      child.once('exit', (code) => reject(new Error(`The worker process exited (${code}): ${stderr}`)));
    });
  }

  const runRow = async (id: string) =>
    (
      await query<{
        status: string;
        processed_languages: number;
        resumes: number;
        results: { code: string }[];
      }>(
        ctx.databaseUrl,
        `SELECT "status", "processed_languages", "resumes", "results" FROM "dictionary_import_runs" WHERE "id" = $1`,
        [id],
      )
    )[0];

  it('resumes after the last language it recorded and ends with every language once', async () => {
    const run = await ctx.app.get(PopulationService).start('admin', null);
    const doomed = await startWorkerProcess();
    await until(
      'a few languages to be imported',
      async () => (await runRow(run.id)).processed_languages >= 20,
    );
    doomed.kill('SIGKILL');
    await sleep(300);
    const atKill = await runRow(run.id);
    expect(atKill.status).toBe('running');
    expect(atKill.processed_languages).toBeLessThan(expected.size);
    const counts = await dictionaryCounts(ctx.databaseUrl);
    // Whole languages only: every language in the dictionary has all its forms.
    for (const [language, n] of counts) expect(n).toBe(expected.get(language));

    const survivor = await startWorkerProcess();
    await until('the import to complete', async () => (await runRow(run.id)).status === 'complete');
    const done = await runRow(run.id);
    expect(done.resumes).toBeGreaterThanOrEqual(1);
    expect(done.processed_languages).toBe(expected.size);
    const codes = done.results.map((result) => result.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.slice(0, atKill.results.length)).toEqual(atKill.results.map((result) => result.code));
    expect(await dictionaryCounts(ctx.databaseUrl)).toEqual(expected);
    survivor.kill('SIGTERM');
  }, 240_000);
});

describe('automatic dictionary import at start', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp('language_tool_auto', { env: { DICTIONARY_AUTO_IMPORT: 'true' } });
  });
  afterAll(() => ctx.close());

  it('imports the data in the background on a first start, and reports how far it is meanwhile', async () => {
    const population = ctx.app.get(PopulationService);
    const loading = await population.loadingState();
    expect(loading).not.toBeNull();
    expect(['queued', 'running']).toContain(loading!.status);
    await until('the automatic import to complete', async () => (await population.loadingState()) === null);
    expect(await dictionaryCounts(ctx.databaseUrl)).toEqual(expected);
    const [run] = await query<{ trigger: string; total_inserted: number }>(
      ctx.databaseUrl,
      `SELECT "trigger", "total_inserted" FROM "dictionary_import_runs"`,
    );
    expect(run).toEqual({ trigger: 'auto', total_inserted: expectedTotal });
    // A later start finds the dictionary up to date and starts nothing.
    expect(await population.importIfNeeded()).toBeUndefined();
  }, 180_000);

  it('on a start that finds an import left running (its process died), resumes it at once', async () => {
    const population = ctx.app.get(PopulationService);
    const [left] = await query<{ id: string }>(
      ctx.databaseUrl,
      `INSERT INTO "dictionary_import_runs" ("status", "trigger", "data_version", "started_at")
       VALUES ('running', 'admin', $1, clock_timestamp()) RETURNING "id"`,
      [population.dataVersion()],
    );
    const resumed = await population.importIfNeeded();
    expect(resumed?.id).toBe(left.id);
    await until('the resumed import to complete', async () => (await population.loadingState()) === null);
    const [run] = await query<{ status: string; processed_languages: number; total_inserted: number }>(
      ctx.databaseUrl,
      `SELECT "status", "processed_languages", "total_inserted" FROM "dictionary_import_runs" WHERE "id" = $1`,
      [left.id],
    );
    expect(run).toEqual({ status: 'complete', processed_languages: expected.size, total_inserted: 0 });
  }, 180_000);
});
