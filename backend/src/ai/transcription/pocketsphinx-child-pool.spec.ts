import { readFile } from 'node:fs/promises';
import { ProcessFailedError } from '../../processes/run-process';
import { PocketsphinxChildPool, type PocketsphinxChildPoolOptions } from './pocketsphinx-child-pool';
import { DEBIAN_POCKETSPHINX } from './pocketsphinx.speech-to-text';

jest.setTimeout(30_000);

/** "go forward ten meters", 16 kHz mono s16le, from Debian's pocketsphinx-testdata. */
const GO_FORWARD_RAW = '/usr/share/pocketsphinx/test/data/goforward.raw';
const model = DEBIAN_POCKETSPHINX.modelDir;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('PocketsphinxChildPool', () => {
  const pools: PocketsphinxChildPool[] = [];
  function pool(options: Partial<PocketsphinxChildPoolOptions> = {}): PocketsphinxChildPool {
    const created = new PocketsphinxChildPool({
      python: DEBIAN_POCKETSPHINX.python,
      hmm: `${model}/en-us`,
      lm: `${model}/en-us.lm.bin`,
      dict: `${model}/cmudict-en-us.dict`,
      size: 1,
      timeoutMs: 20_000,
      ...options,
    });
    pools.push(created);
    return created;
  }
  afterAll(() => pools.forEach((each) => each.close()));

  it('answers an empty recording with no words, and binary PCM of any bytes intact', async () => {
    const decoders = pool();
    expect(await decoders.decode(Buffer.alloc(0))).toBe('');
    // Bytes that are newlines and zeros in text would split a line-based protocol.
    const pcm = await readFile(GO_FORWARD_RAW);
    expect(await decoders.decode(pcm)).toBe('go forward ten meters');
  });

  it('retires a child after its share of recordings and starts another', async () => {
    const decoders = pool({ requestsPerChild: 1 });
    const pcm = await readFile(GO_FORWARD_RAW);
    const decoding = decoders.decode(pcm);
    const [first] = decoders.pids();
    expect(await decoding).toBe('go forward ten meters');
    await waitFor(() => !isRunning(first));

    const again = decoders.decode(pcm);
    const [second] = decoders.pids();
    expect(second).not.toBe(first);
    expect(await again).toBe('go forward ten meters');
  });

  it('retires an idle child: it exits when its stdin closes', async () => {
    const decoders = pool({ idleMs: 100 });
    decoders.warm();
    const [pid] = decoders.pids();
    expect(isRunning(pid)).toBe(true);
    await waitFor(() => !isRunning(pid));
    expect(decoders.pids()).toEqual([]);
  });

  it('kills its children when closed', async () => {
    const decoders = pool({ size: 2 });
    decoders.warm();
    const pids = decoders.pids();
    expect(pids).toHaveLength(2);
    decoders.close();
    await waitFor(() => pids.every((pid) => !isRunning(pid)));
  });

  it('rejects with what the child said when it cannot start', async () => {
    const decoders = pool({ hmm: '/nonexistent/en-us' });
    const failure = await decoders.decode(Buffer.alloc(3200)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProcessFailedError);
    expect((failure as ProcessFailedError).message).toMatch(/exited with code 1/);
  });
});
