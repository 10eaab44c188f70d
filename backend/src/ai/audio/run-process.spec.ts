import { ProcessFailedError, runProcess } from './run-process';

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
