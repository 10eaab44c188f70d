import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { HealthResponse } from '@kasa/contracts';

/**
 * The path a new user takes: `node backend/dist/main.js` with nothing configured (no DATABASE_URL,
 * no REDIS_URL): embedded PostgreSQL, queue on PostgreSQL, data kept across restarts, a server
 * left behind by a killed run cleaned up, and Ctrl-C / SIGTERM stopping everything.
 */
const MAIN = join(__dirname, '..', 'dist', 'main.js');
const WORKER = join(__dirname, '..', 'dist', 'worker.js');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
}

function embeddedEnv(dataDir: string, pgPort: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    PORT: '0',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.NODE_ENV;
  return env;
}

/** `detached`: the server leads its own process group, like a command started in a terminal. */
function startServer(env: NodeJS.ProcessEnv): Promise<Server> {
  const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed in 60 s:\n${output}`)), 60000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Kasa is running at (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before printing its URL:\n${output}`));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.on('exit', (code) => resolve(code));
  });
}

async function health(url: string): Promise<HealthResponse> {
  const response = await fetch(`${url}/api/health`);
  expect(response.status).toBe(200);
  return (await response.json()) as HealthResponse;
}

async function installationId(dataDir: string, pgPort: number): Promise<string> {
  const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
  const client = new Client({
    host: '127.0.0.1',
    port: pgPort,
    user: 'postgres',
    password,
    database: 'kasa',
  });
  await client.connect();
  const { rows } = await client.query<{ id: string }>('SELECT id FROM installation');
  await client.end();
  return rows[0].id;
}

function postgresPid(dataDir: string): number {
  return Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

describe('embedded runtime (nothing configured)', () => {
  let dataDir: string;
  let pgPort: number;
  let running: Server | undefined;

  beforeAll(async () => {
    if (!existsSync(MAIN))
      throw new Error('backend/dist/main.js is missing: run `npm run build` first (npm test does).');
    dataDir = mkdtempSync(join(tmpdir(), 'kasa-embedded-'));
    pgPort = await freePort();
  });

  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGTERM');
      await exited(running.child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts PostgreSQL and the queue on its own and reports healthy', async () => {
    running = await startServer(embeddedEnv(dataDir, pgPort));
    const report = await health(running.url);
    expect(report.database).toMatchObject({ status: 'ok', engine: 'embedded' });
    expect(report.queue).toMatchObject({ status: 'ok', backend: 'postgres' });
    // Idle connections are kept long enough that a client reusing one never races a close.
    const response = await fetch(`${running.url}/api/health`);
    expect(response.headers.get('keep-alive')).toBe('timeout=65');
  });

  it('SIGTERM (even delivered twice, as a process-group signal is) stops the server and its PostgreSQL, exiting 0', async () => {
    const pid = postgresPid(dataDir);
    const id = await installationId(dataDir, pgPort);
    running!.child.kill('SIGTERM');
    running!.child.kill('SIGTERM');
    expect(await exited(running!.child)).toBe(0);
    expect(isAlive(pid)).toBe(false);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    running = await startServer(embeddedEnv(dataDir, pgPort));
    expect(await installationId(dataDir, pgPort)).toBe(id);
    await health(running.url);
  });

  it('Ctrl-C in a terminal (SIGINT to the whole process group, PostgreSQL included) still exits 0 cleanly', async () => {
    const pid = postgresPid(dataDir);
    process.kill(-running!.child.pid!, 'SIGINT');
    expect(await exited(running!.child)).toBe(0);
    expect(running!.output()).not.toMatch(/Emitted 'error' event|Shutdown failed/);
    expect(isAlive(pid)).toBe(false);
    running = await startServer(embeddedEnv(dataDir, pgPort));
    await health(running.url);
  });

  it('after a SIGKILL (PostgreSQL left running), the next start cleans up and works', async () => {
    const orphan = postgresPid(dataDir);
    running!.child.kill('SIGKILL');
    await exited(running!.child);
    expect(isAlive(orphan)).toBe(true);

    running = await startServer(embeddedEnv(dataDir, pgPort));
    expect(running.output()).toContain(`Stopping a PostgreSQL server (pid ${orphan}) left running`);
    expect(isAlive(orphan)).toBe(false);
    await health(running.url);
  });

  it('refuses a second server on the same data folder with a clear message', async () => {
    await expect(startServer(embeddedEnv(dataDir, await freePort()))).rejects.toThrow(
      /Another Kasa server \(pid \d+\) is already using/,
    );
    await health(running!.url);
  });

  it('worker.ts explains that it needs DATABASE_URL', async () => {
    const child = spawn(process.execPath, [WORKER], {
      env: embeddedEnv(dataDir, pgPort),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exited(child)).toBe(1);
    expect(stderr).toMatch(/DATABASE_URL is required for a separate worker/);
  });

  it('an invalid setting stops the start with a message naming it', async () => {
    const env = { ...embeddedEnv(dataDir, pgPort), PORT: 'three thousand' };
    const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exited(child)).toBe(1);
    expect(stderr).toContain('PORT must be a whole number');
  });
});
