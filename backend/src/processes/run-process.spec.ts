import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProcessFailedError, runProcess } from './run-process';

/** Compiles TypeScript on require (worker threads use it from source), for a parent process of its own. */
const TS_REGISTER = join(__dirname, '..', 'worker-threads', 'ts-register.cjs');

const MB = 1024 * 1024;

describe('runProcess', () => {
  it('runs a program under a hard memory limit: what it cannot allocate fails it', async () => {
    const hungry = ['-e', 'const kept = Buffer.alloc(512 * 1024 * 1024, 1); console.log(kept.length)'];
    await expect(runProcess(process.execPath, hungry, { timeoutMs: 30_000 })).resolves.toMatchObject({
      stdout: Buffer.from('536870912\n'),
    });
    const limited = runProcess(process.execPath, hungry, {
      timeoutMs: 30_000,
      memoryLimit: { bytes: 256 * MB, kind: 'data' },
    });
    await expect(limited).rejects.toBeInstanceOf(ProcessFailedError);
    await expect(limited).rejects.toMatchObject({ stderr: expect.stringMatching(/allocation failed/i) });
  });

  it('says how a process ended: killed at its timeout, or not started', async () => {
    const slow = runProcess(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { timeoutMs: 200 });
    await expect(slow).rejects.toMatchObject({ ending: { timedOut: true, signal: 'SIGKILL' } });
    const missing = runProcess('/nonexistent/program', [], {
      memoryLimit: { bytes: 256 * MB, kind: 'address-space' },
    });
    await expect(missing).rejects.toThrow(/\/nonexistent\/program could not start: .*ENOENT/);
  });
});

describe('runProcess and the processes it starts', () => {
  const pidOf = async (file: string): Promise<number> => {
    for (let i = 0; i < 100; i++) {
      const text = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
      if (text) return Number(text);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no pid in ${file}`);
  };
  /** Running, not a zombie: a killed process waits as one until PID 1 reaps it. */
  const alive = (pid: number) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
    } catch {
      return false;
    }
  };
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'kasa-run-process-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('at its timeout, kills what the program started too (its process group)', async () => {
    const file = join(dir, 'grandchild');
    const shell = runProcess('/bin/sh', ['-c', `sleep 600 & echo $! > ${file}; wait`], { timeoutMs: 1000 });
    await expect(shell).rejects.toMatchObject({ ending: { timedOut: true } });
    const grandchild = await pidOf(file);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alive(grandchild)).toBe(false);
  });

  it('a program dies with the process that started it, even one killed by SIGKILL', async () => {
    const file = join(dir, 'child');
    const script = `require(${JSON.stringify(join(__dirname, 'run-process.ts'))}).runProcess('/bin/sh', ['-c', 'echo $$ > ${file}; exec sleep 600'], { timeoutMs: 600000 }).catch(() => undefined)`;
    const parent = spawn(process.execPath, ['-r', TS_REGISTER, '-e', script], { stdio: 'ignore' });
    const child = await pidOf(file);
    expect(alive(child)).toBe(true);
    const exited = once(parent, 'exit');
    parent.kill('SIGKILL');
    await exited;
    for (let i = 0; i < 50 && alive(child); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    const survived = alive(child);
    if (survived) process.kill(child, 'SIGKILL');
    expect(survived).toBe(false);
  });
});
