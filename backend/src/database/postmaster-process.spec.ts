import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkPostmasterProcess } from './postmaster-process';

const WAIT = 'setTimeout(() => undefined, 600000)';

describe('checkPostmasterProcess', () => {
  let dataDir: string;
  let otherDir: string;
  const children: ChildProcess[] = [];

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'kasa-pm-data-'));
    otherDir = mkdtempSync(join(tmpdir(), 'kasa-pm-other-'));
  });
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(otherDir, { recursive: true, force: true });
  });

  /** A live process with this argv[0], arguments, working directory and environment. */
  async function processLike(
    argv0: string,
    args: string[],
    cwd: string,
    env: Record<string, string> = {},
  ): Promise<number> {
    const child = spawn(process.execPath, ['-e', WAIT, '--', ...args], {
      argv0,
      cwd,
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    children.push(child);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return child.pid!;
  }

  it('does not prove an unrelated program (sleep) to be the server', () => {
    const sleep = spawn('sleep', ['600'], { cwd: dataDir, stdio: 'ignore' });
    children.push(sleep);
    expect(checkPostmasterProcess(sleep.pid!, dataDir)).toMatchObject({ proven: false });
  });

  it('proves a postgres whose -D is this data folder', async () => {
    const pid = await processLike('postgres', ['-D', dataDir, '-p', '5999'], otherDir);
    expect(checkPostmasterProcess(pid, dataDir)).toEqual({ proven: true });
  });

  it('proves a postgres without -D by its working directory, or by PGDATA', async () => {
    expect(
      checkPostmasterProcess(await processLike('/usr/lib/postgresql/17/bin/postgres', [], dataDir), dataDir),
    ).toEqual({
      proven: true,
    });
    expect(
      checkPostmasterProcess(await processLike('postmaster', [], otherDir, { PGDATA: dataDir }), dataDir),
    ).toEqual({ proven: true });
  });

  it("refuses a postgres of another data folder, even run from this one's", async () => {
    const pid = await processLike('postgres', ['-D', otherDir], dataDir);
    expect(checkPostmasterProcess(pid, dataDir)).toMatchObject({
      proven: false,
      reason: expect.stringContaining('another data folder'),
    });
    expect(checkPostmasterProcess(await processLike('postgres', [], otherDir), dataDir)).toMatchObject({
      proven: false,
    });
  });

  it('refuses a program that only has the data folder in its arguments', async () => {
    const pid = await processLike('node', ['-D', dataDir], dataDir);
    expect(checkPostmasterProcess(pid, dataDir)).toMatchObject({ proven: false });
  });

  it('proves nothing about a process that is gone', async () => {
    const child = spawn('true', [], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('exit', resolve));
    expect(checkPostmasterProcess(child.pid!, dataDir)).toMatchObject({ proven: false });
  });
});
