import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../src/app.factory';
import { eventually } from './chat-support';
import { GENEROUS_RATE_LIMITS, bearer, registerUser } from './support/accounts';
import { encodePng } from './support/png';
import { createTestApp, createTestEnvironment, type QueueBackend, type TestApp } from './support/test-app';

/**
 * What a killed process leaves behind (docs/operations.md#crashed-processes-and-their-files):
 * temporary files of our own patterns older than TEMP_FILES_MAX_AGE_MINUTES are swept at start
 * (and periodically), and the programs a job runs die with the process that runs the job.
 */
const TS_CHILD = join(__dirname, 'support', 'ts-child.cjs');
const JOB_WORKER = join(__dirname, 'support', 'job-worker.ts');
const DAY_AGO = new Date(Date.now() - 24 * 3600_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function age(...paths: string[]): void {
  for (const path of paths) utimesSync(path, DAY_AGO, DAY_AGO);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The live processes whose parent is `pid`, each with its start time (a reused PID is another process). */
function childrenOf(pid: number): Array<{ pid: number; started: string }> {
  const found: Array<{ pid: number; started: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command name (which may hold spaces): state, ppid, ..., starttime (22nd).
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid) found.push({ pid: Number(entry), started: fields[19] });
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

function stillRunning({ pid, started }: { pid: number; started: string }): boolean {
  try {
    // A killed process waits as a zombie (Z) until PID 1 reaps it: that is not running.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ...rest] = fields.slice(fields.lastIndexOf(')') + 2).split(' ');
    return state !== 'Z' && rest[18] === started;
  } catch {
    return false;
  }
}

describe('stale temporary files are swept at start', () => {
  let app: INestApplication | undefined;
  let dispose: (() => Promise<void>) | undefined;
  const outside: string[] = [];

  afterAll(async () => {
    await app?.close();
    await dispose?.();
    for (const path of outside) rmSync(path, { recursive: true, force: true });
  });

  it('removes old partial files of each kind, keeps fresh ones and everything else', async () => {
    const environment = await createTestEnvironment('temp_sweep', { queue: 'postgres' });
    dispose = environment.dispose;
    const { dataDir } = environment.config;

    // Partial writes of the local storage (an export ZIP streaming in, a speech file...): <key>.<hex>.tmp.
    const fanOut = join(dataDir, 'files', 'ab');
    mkdirSync(fanOut, { recursive: true });
    const key = `ab${randomUUID().slice(2)}`;
    const staleZip = join(fanOut, `${key}.0123456789ab.tmp`);
    const freshZip = join(fanOut, `${key}.ba9876543210.tmp`);
    const storedFile = join(fanOut, key);
    const storedNamedTmp = join(fanOut, `ab${randomUUID().slice(2)}`);
    for (const path of [staleZip, freshZip, storedFile, storedNamedTmp]) writeFileSync(path, 'zip bytes');
    age(staleZip, storedFile, storedNamedTmp);

    // Copies of uploads that extraction programs read: <upload id>-<uuid>.
    const extracting = join(dataDir, 'extracting');
    mkdirSync(extracting);
    const staleCopy = join(extracting, `${randomUUID()}-${randomUUID()}`);
    const freshCopy = join(extracting, `${randomUUID()}-${randomUUID()}`);
    const notOurs = join(extracting, 'notes.txt');
    for (const path of [staleCopy, freshCopy, notOurs]) writeFileSync(path, 'upload bytes');
    age(staleCopy, notOurs);

    // OCR work folders in the system's temporary folder.
    const staleOcr = mkdtempSync(join(tmpdir(), 'kasa-ocr-'));
    const freshOcr = mkdtempSync(join(tmpdir(), 'kasa-ocr-'));
    const lookAlike = join(tmpdir(), `kasa-ocr-${randomUUID()}`);
    mkdirSync(lookAlike);
    outside.push(staleOcr, freshOcr, lookAlike);
    writeFileSync(join(staleOcr, 'page-3.png'), 'png');
    writeFileSync(join(freshOcr, 'page-1.png'), 'png');
    age(join(staleOcr, 'page-3.png'), staleOcr, lookAlike);

    app = await createApp(environment.config);
    await app.init();

    expect(existsSync(staleZip)).toBe(false);
    expect(existsSync(staleCopy)).toBe(false);
    expect(existsSync(staleOcr)).toBe(false);
    for (const kept of [freshZip, storedFile, storedNamedTmp, freshCopy, notOurs, freshOcr, lookAlike])
      expect(existsSync(kept)).toBe(true);
  });
});

describe.each<QueueBackend>(['postgres', 'redis'])(
  'a worker killed during OCR, with the queue on %s',
  (backend) => {
    let ctx: TestApp;
    let fakeDir: string;
    const workers: ChildProcess[] = [];

    beforeAll(async () => {
      // A tesseract that never finishes, noting its arguments under its PID.
      fakeDir = mkdtempSync(join(tmpdir(), 'kasa-fake-tesseract-'));
      chmodSync(fakeDir, 0o755);
      const fake = join(fakeDir, 'tesseract');
      writeFileSync(fake, `#!/bin/sh\nprintf '%s\\n' "$@" > "${fakeDir}/args-$$"\nexec sleep 600\n`, {
        mode: 0o755,
      });
      ctx = await createTestApp(`temp_kill_${backend}`, {
        queue: backend,
        env: { WORKER_MODE: 'off', TESSERACT_BIN: fake, TESSERACT_LANGS: 'eng' },
        config: { rateLimits: GENEROUS_RATE_LIMITS },
      });
    });
    afterAll(async () => {
      for (const worker of workers)
        if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
      for (const name of existsSync(fakeDir) ? readdirSync(fakeDir) : [])
        if (name.startsWith('args-')) {
          const pid = Number(name.slice('args-'.length));
          if (isAlive(pid)) process.kill(pid, 'SIGKILL');
        }
      await ctx.close();
      rmSync(fakeDir, { recursive: true, force: true });
    });

    function startWorker(): Promise<ChildProcess> {
      const child = spawn(process.execPath, [TS_CHILD, JOB_WORKER], {
        env: { ...process.env, KASA_TEST_CONFIG: JSON.stringify(ctx.config) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      workers.push(child);
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      return new Promise((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve(child));
        child.once('exit', (code) => reject(new Error(`The worker process exited (${code}): ${stderr}`)));
      });
    }

    it('leaves no OCR program running, and its files go at the next start', async () => {
      const worker = await startWorker();
      const user = await registerUser(ctx.app, { prefix: 'tmpkill' });
      // Above OCR's pixel budget: scaled down by ffmpeg into the OCR folder first, then read there.
      const photo = encodePng(4000, 3100, { colour: 'grey' });
      await request(ctx.app.getHttpServer())
        .post('/api/enhancements/upload')
        .set(bearer(user))
        .attach('file', photo, { filename: 'page.png', contentType: 'image/png' })
        .expect(201);

      const argsFile = await eventually(
        async () => readdirSync(fakeDir).find((name) => name.startsWith('args-')),
        60_000,
      );
      const ocrPid = Number(argsFile.slice('args-'.length));
      const image = (await eventually(
        async () => readFileSync(join(fakeDir, argsFile), 'utf8').split('\n')[0] || undefined,
      ))!;
      const ocrDir = dirname(image);
      expect(ocrDir).toMatch(/\/kasa-ocr-[^/]+$/);
      const extracting = join(ctx.config.dataDir, 'extracting');
      const copies = readdirSync(extracting).map((name) => join(extracting, name));
      expect(copies).toHaveLength(1);

      const children = childrenOf(worker.pid!);
      expect(children.map((child) => child.pid)).toContain(ocrPid);
      const exited = once(worker, 'exit');
      worker.kill('SIGKILL');
      await exited;
      await sleep(3000);
      expect(children.filter(stillRunning)).toEqual([]);

      // Left behind by the killed worker; once older than the sweep's age, the next start removes them.
      expect(existsSync(ocrDir)).toBe(true);
      expect(existsSync(copies[0])).toBe(true);
      age(...readdirSync(ocrDir).map((name) => join(ocrDir, name)), ocrDir, copies[0]);
      await startWorker();
      expect(existsSync(ocrDir)).toBe(false);
      expect(existsSync(copies[0])).toBe(false);
    }, 120_000);
  },
);
