import { spawn } from 'node:child_process';
import { join } from 'node:path';

const TS_CHILD = join(__dirname, 'ts-child.cjs');
const PROXY_CHILD = join(__dirname, 'tcp-proxy-child.ts');
/** Far more than the child needs (it compiles on load, then works on loopback for milliseconds). */
const EXIT_WITHIN_MS = 15_000;

interface Outcome {
  /** Null when the process had to be killed: it did not exit by itself. */
  code: number | null;
  report?: { peerError?: string; peerClosed: boolean; clientError?: string };
}

/** Runs tcp-proxy-child.ts on `which` and waits for it to exit by itself (killed after EXIT_WITHIN_MS). */
function run(which: 'ending' | 'open' | 'proxy'): Promise<Outcome> {
  const child = spawn(process.execPath, [TS_CHILD, PROXY_CHILD, which], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, EXIT_WITHIN_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const line = output.trim().split('\n').at(-1);
      resolve({ code: killed ? null : code, report: line ? JSON.parse(line) : undefined });
    });
  });
}

/**
 * The outage proxy's cut must leave nothing open: a socket it failed to close kept Jest running
 * after the outage suites (the reset of a socket whose shutdown is under way fails, and Node then
 * drops the handle without closing it).
 */
describe('tcp-proxy cut', () => {
  it('closes a socket whose end() is under way, and the process exits', async () => {
    const outcome = await run('ending');
    expect(outcome.code).toBe(0);
    expect(outcome.report).toMatchObject({ peerClosed: true });
  }, 30_000);

  it('resets an open socket: the other side sees ECONNRESET, and the process exits', async () => {
    const outcome = await run('open');
    expect(outcome.code).toBe(0);
    expect(outcome.report).toEqual({ peerClosed: true, peerError: 'ECONNRESET' });
  }, 30_000);

  it('pause() resets the connections through the proxy, and the process exits once it is closed', async () => {
    const outcome = await run('proxy');
    expect(outcome.code).toBe(0);
    expect(outcome.report).toMatchObject({ peerClosed: true, clientError: 'ECONNRESET' });
  }, 30_000);
});
