// bench/uploads: the document pipeline of the chat enhancements, on the production build. Prints:
//   1. a 50 MB upload (POST /api/enhancements/upload, a text file): wall time, throughput, and
//      the server's resident memory before, at its peak during the upload, and after;
//   2. text extraction of a 100-page PDF: time from the upload's answer to extraction 'done';
//   3. search (POST /api/enhancements/search on the local index) by --users concurrent users over
//      --documents indexed documents: p50/p99 latency and requests per second.
// Figures only, never a test.
//
//   node bench/uploads/run.mjs [--users 100] [--documents 10000] [--seconds 20] [--no-build]
//
// Runs on a PostgreSQL server (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres,
// a fresh database): the documents of step 3 are written straight into that database.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { repoRoot, startKasa } from '../support/kasa-server.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const users = arg('users', 100);
const documents = arg('documents', 10_000);
const seconds = arg('seconds', 20);
const port = Number(process.env.BENCH_PORT ?? 3250);
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['nx', 'run', '@kasa/backend:build', '--output-style=static'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const mb = (bytes) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Resident memory of a process now (VmRSS) and at its peak so far (VmHWM), in bytes. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Lets the kernel restart the peak (VmHWM) count from the current RSS. */
function resetPeak(pid) {
  try {
    spawnSync('sh', ['-c', `echo 5 > /proc/${pid}/clear_refs`]);
  } catch {
    /* not allowed here: the peak then covers the whole run */
  }
}

const WORDS = 'maize cassava sorghum millet rain soil compost seed harvest market price fertiliser'.split(
  ' ',
);
const randomWords = (count, seed) =>
  Array.from({ length: count }, (_, i) => WORDS[(i * 7 + seed * 13) % WORDS.length]).join(' ');

const kasa = await startKasa({ name: 'bench_uploads', port, embeddedPgPort: 54359 });
const { origin, pid } = kasa;
const databaseUrl = (() => {
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = '/kasa_bench_uploads';
  return url.toString();
})();
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
// Quotas are not what this measures: every plan is unlimited in this throwaway database.
await db.query(
  `UPDATE "plans" SET "audio_uploads_per_month" = -1, "web_searches_per_month" = -1, "messages_per_month" = -1`,
);

async function upload(token, name, type, body) {
  const form = new FormData();
  form.append('file', new Blob([body], { type }), name);
  const response = await fetch(`${origin}/api/enhancements/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload of ${name}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function waitForExtraction(token, id, timeoutMs = 600_000) {
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${origin}/api/enhancements/uploads/${id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const record = await response.json();
    if (record.extraction?.status === 'done') return record;
    if (record.extraction?.status === 'failed')
      throw new Error(`extraction failed: ${record.extraction.error}`);
    if (performance.now() - started > timeoutMs) throw new Error('extraction did not finish in time');
    await new Promise((r) => setTimeout(r, 250));
  }
}

try {
  console.log(`load average at start: ${load()}`);
  const token = await kasa.register('bench_up');

  // 1. A 50 MB upload. The API runs the extraction worker inline, so the peak covers the upload
  // and the start of its extraction.
  const line = `${randomWords(14, 1)}\n`;
  const big = Buffer.from(line.repeat(Math.floor((50 * 1024 * 1024 - 1024) / line.length)));
  resetPeak(pid);
  const before = memoryOf(pid);
  const t0 = performance.now();
  const record = await upload(token, 'field-notes.txt', 'text/plain', big);
  const uploadMs = performance.now() - t0;
  const during = memoryOf(pid);
  console.log(
    `\n50 MB upload (${mb(big.length)} text): ${(uploadMs / 1000).toFixed(2)} s, ${(big.length / 1024 / 1024 / (uploadMs / 1000)).toFixed(1)} MB/s; ` +
      `server RSS ${mb(before.rss)} before, peak ${mb(during.peak)}, ${mb(during.rss)} after the answer`,
  );
  const t1 = performance.now();
  const extracted = await waitForExtraction(token, record.id);
  console.log(
    `  its extraction: ${((performance.now() - t1) / 1000).toFixed(1)} s for ${extracted.extraction.characters} characters; ` +
      `server RSS peak ${mb(memoryOf(pid).peak)}`,
  );

  // 2. A 100-page PDF.
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 0; page < 100; page += 1) {
    const p = pdf.addPage();
    for (let row = 0; row < 40; row += 1)
      p.drawText(`${page + 1}.${row + 1} ${randomWords(10, page + row)}`, {
        x: 40,
        y: 780 - row * 18,
        size: 10,
        font,
      });
  }
  const pdfBytes = await pdf.save();
  const pdfRecord = await upload(token, 'manual.pdf', 'application/pdf', pdfBytes);
  const t2 = performance.now();
  const pdfDone = await waitForExtraction(token, pdfRecord.id);
  console.log(
    `\n100-page PDF (${mb(pdfBytes.length)}): extracted in ${((performance.now() - t2) / 1000).toFixed(2)} s after the upload's answer, ` +
      `${pdfDone.extraction.characters} characters (method ${pdfDone.extraction.method})`,
  );

  // 3. Search over many indexed documents, written straight into the database.
  const tokens = [];
  for (let i = 0; i < users; i += 1) tokens.push(await kasa.register('bench_search'));
  const userIds = (
    await db.query(`SELECT "id" FROM "users" WHERE "username" LIKE 'bench_search_%' ORDER BY "created_at"`)
  ).rows.map((r) => r.id);
  const perUser = Math.ceil(documents / users);
  for (const [index, userId] of userIds.entries()) {
    await db.query(
      `WITH f AS (
         INSERT INTO "files" ("user_id", "kind", "storage_key", "content_type", "size", "original_name")
         SELECT $1::uuid, 'upload', 'bench/' || $1::text || '/' || n, 'text/plain', 2000, 'notes-' || n || '.txt'
           FROM generate_series(1, $2) AS n
         RETURNING "id", "original_name"
       ), u AS (
         INSERT INTO "uploads" ("user_id", "file_id", "original_name", "size", "mime_type", "extraction_status", "extraction_progress", "extraction_method", "characters")
         SELECT $1::uuid, f."id", f."original_name", 2000, 'text/plain', 'done', 100, 'text', 1500 FROM f
         RETURNING "id"
       )
       INSERT INTO "upload_passages" ("upload_id", "ordinal", "user_id", "content")
       SELECT u."id", 0, $1::uuid, $3::text || ' ' || md5(u."id"::text) FROM u`,
      [userId, perUser, `${randomWords(200, index)} user ${index}`],
    );
  }
  await db.query('ANALYZE');
  const indexed = (await db.query(`SELECT count(*)::int AS n FROM "upload_passages"`)).rows[0].n;
  const latencies = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const queries = ['maize harvest', 'soil compost', 'market price of cassava', 'sorghum seed', 'rain'];
  await Promise.all(
    tokens.map(async (userToken, u) => {
      for (let n = 0; performance.now() < deadline; n += 1) {
        const start = performance.now();
        const response = await fetch(`${origin}/api/enhancements/search`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${userToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ query: queries[(u + n) % queries.length] }),
        });
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - start);
        else errors += 1;
      }
    }),
  );
  console.log(
    `\nSearch, ${users} concurrent users, ${indexed} indexed documents, ${seconds} s: ${latencies.length} answers ` +
      `(${(latencies.length / seconds).toFixed(0)}/s), p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms, ${errors} errors`,
  );
  console.log(`load average at the end: ${load()}`);
} finally {
  await db.end();
  await kasa.stop();
}
