import { type ChildProcess, spawn } from 'node:child_process';
import { limited, ProcessFailedError } from '../../processes/run-process';
import { POCKETSPHINX_CHILD_SCRIPT } from './pocketsphinx-child-script';

export interface PocketsphinxChildPoolOptions {
  /** The Python that has python3-pocketsphinx: /usr/bin/python3, not a pyenv shim. */
  python: string;
  /** The acoustic model folder, the language model and the dictionary. */
  hmm: string;
  lm: string;
  dict: string;
  /** Children kept running: the transcribe job's concurrency (voice/jobs/voice.job.ts). */
  size: number;
  /** A request (the child's start included, for a new child) is killed with its child after this long. */
  timeoutMs: number;
  /** A child is retired after this many recordings, so whatever its heap grew to is given back. */
  requestsPerChild?: number;
  /**
   * A child idle this long is retired: each holds ~110 MB while it waits (measured: VmRSS 112 MB,
   * VmData 108 MB after five recordings), and the next recording then pays ~0.9 s to start one.
   */
  idleMs?: number;
}

interface Answer {
  ready?: boolean;
  text?: string;
  error?: string;
}

interface Waiting {
  pcm: Buffer;
  resolve: (text: string) => void;
  reject: (error: Error) => void;
}

/** The children of every pool, killed if this process exits first (on SIGKILL, --pdeathsig does). */
const living = new Set<ChildProcess>();
let exitHooked = false;

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    // Spawned detached: it leads a process group of its own.
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** A 4-byte little-endian length, then the body (pocketsphinx-child-script.ts). */
function frame(body: Buffer): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt32LE(body.length, 0);
  return Buffer.concat([header, body]);
}

/** One long-lived decoder (pocketsphinx-child-script.ts), one recording at a time. */
class PocketsphinxChild {
  readonly process: ChildProcess;
  served = 0;
  busy = false;
  private alive = true;
  private readonly ready: Promise<void>;
  private markReady: () => void = () => undefined;
  private failReady: (error: Error) => void = () => undefined;
  private stderr = '';
  private pending = Buffer.alloc(0);
  private current?: { resolve: (answer: Answer) => void; reject: (error: Error) => void };

  constructor(
    options: PocketsphinxChildPoolOptions,
    private readonly onGone: (child: PocketsphinxChild) => void,
  ) {
    // -I: no PYTHON* variables nor user site-packages; Debian's dist-packages stay on the path.
    const [program, args] = limited(options.python, [
      '-I',
      '-c',
      POCKETSPHINX_CHILD_SCRIPT,
      options.hmm,
      options.lm,
      options.dict,
    ]);
    // detached: a Ctrl-C meant for Kasa reaches Kasa, which ends its jobs in order (run-process.ts).
    this.process = spawn(program, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    living.add(this.process);
    if (!exitHooked) {
      exitHooked = true;
      process.on('exit', () => living.forEach(killGroup));
    }
    this.ready = new Promise<void>((resolve, reject) => {
      this.markReady = resolve;
      this.failReady = reject;
    });
    // Nobody may be waiting yet; the request that is will see the rejection through `run`.
    this.ready.catch(() => undefined);
    // An idle child must not keep Kasa (or a test run) alive; a request's timer does while it runs.
    this.process.unref();
    for (const stream of [this.process.stdin, this.process.stdout, this.process.stderr])
      (stream as { unref?: () => void } | null)?.unref?.();
    // A child that died closes the pipe: its exit tells why.
    this.process.stdin?.on('error', () => undefined);
    this.process.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-8_000);
    });
    this.process.stdout?.on('data', (chunk: Buffer) => this.receive(chunk));
    this.process.on('error', (error) => this.gone(`pocketsphinx could not start: ${error.message}`));
    this.process.on('exit', (code, signal) =>
      this.gone(
        `pocketsphinx ${signal ? `was killed (${signal})` : `exited with code ${code}`}: ${this.stderrTail()}`,
      ),
    );
  }

  get isAlive(): boolean {
    return this.alive;
  }

  /** Decodes one recording; kills this child (the pool starts another) past `timeoutMs`. */
  async run(pcm: Buffer, timeoutMs: number): Promise<string> {
    this.busy = true;
    this.served += 1;
    let timer: NodeJS.Timeout | undefined;
    try {
      const answer = await new Promise<Answer>((resolve, reject) => {
        this.current = { resolve, reject };
        timer = setTimeout(() => {
          reject(new ProcessFailedError(`pocketsphinx was killed after ${timeoutMs} ms`, this.stderr));
          this.stop();
        }, timeoutMs);
        this.ready.then(() => this.process.stdin?.write(frame(pcm)), reject);
      });
      if (answer.error !== undefined) throw new ProcessFailedError(answer.error, this.stderr);
      if (typeof answer.text !== 'string')
        throw new ProcessFailedError('pocketsphinx gave no text', this.stderr);
      return answer.text;
    } finally {
      clearTimeout(timer);
      this.current = undefined;
      this.busy = false;
    }
  }

  /** Kills it; the pool forgets it at once, so no request is sent to it while it dies. */
  stop(): void {
    killGroup(this.process);
    this.gone('pocketsphinx was stopped');
  }

  /** Closes its stdin: it exits once the recording it may be decoding is answered. */
  retire(): void {
    this.process.stdin?.end();
  }

  private receive(chunk: Buffer): void {
    this.pending = Buffer.concat([this.pending, chunk]);
    while (this.pending.length >= 4) {
      const size = this.pending.readUInt32LE(0);
      if (this.pending.length < 4 + size) return;
      const body = this.pending.subarray(4, 4 + size).toString('utf8');
      this.pending = this.pending.subarray(4 + size);
      let answer: Answer;
      try {
        answer = JSON.parse(body) as Answer;
      } catch {
        answer = { error: `pocketsphinx answered something that is not JSON: ${body.slice(0, 200)}` };
      }
      if (answer.ready) this.markReady();
      else this.current?.resolve(answer);
    }
  }

  private stderrTail(): string {
    return this.stderr.trim().split('\n').slice(-3).join(' ');
  }

  private gone(why: string): void {
    if (!this.alive) return;
    this.alive = false;
    living.delete(this.process);
    const error = new ProcessFailedError(why, this.stderr);
    this.failReady(error);
    this.current?.reject(error);
    this.onGone(this);
  }
}

/**
 * pocketsphinx kept warm: up to `size` long-lived decoders, each decoding one recording at a time;
 * requests wait for a free one. A child that dies, times out or has served its share is replaced
 * by a new one at the next request. The same shape as the eSpeak NG pool (speech/espeak-child-pool.ts).
 */
export class PocketsphinxChildPool {
  private readonly children = new Set<PocketsphinxChild>();
  private readonly waiting: Waiting[] = [];
  private readonly idleTimers = new Map<PocketsphinxChild, NodeJS.Timeout>();

  constructor(private readonly options: PocketsphinxChildPoolOptions) {}

  /** The words heard in 16 kHz mono s16le PCM. Rejects with ProcessFailedError. */
  decode(pcm: Buffer): Promise<string> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ pcm, resolve, reject });
      this.dispatch();
      // Used once: keep `size` decoders loaded, so concurrent recordings do not pay the load.
      this.warm(this.options.size);
    });
  }

  /** Starts children until `count` (at most `size`) run, so the next recordings find them loaded. */
  warm(count = this.options.size): void {
    while (this.children.size < Math.min(count, this.options.size)) this.retireWhenIdle(this.start());
  }

  /** The process ids of the children running now. */
  pids(): number[] {
    return this.pidsOf([...this.children]);
  }

  /** The process ids of the children decoding a recording now. */
  busyPids(): number[] {
    return this.pidsOf([...this.children].filter((child) => child.busy));
  }

  /** Kills every child; a later request starts new ones. */
  close(): void {
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    for (const child of this.children) child.stop();
    this.children.clear();
  }

  private pidsOf(children: PocketsphinxChild[]): number[] {
    return children.flatMap((child) => (child.process.pid === undefined ? [] : [child.process.pid]));
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const child = this.idleChild();
      if (!child) return;
      const { pcm, resolve, reject } = this.waiting.shift() as Waiting;
      clearTimeout(this.idleTimers.get(child));
      this.idleTimers.delete(child);
      child
        .run(pcm, this.options.timeoutMs)
        .then(resolve, reject)
        .finally(() => {
          if (child.served >= (this.options.requestsPerChild ?? 1_000)) this.retire(child);
          this.dispatch();
          if (this.children.has(child) && !child.busy) this.retireWhenIdle(child);
        });
    }
  }

  private idleChild(): PocketsphinxChild | undefined {
    for (const child of this.children) if (child.isAlive && !child.busy) return child;
    if (this.children.size >= this.options.size) return undefined;
    return this.start();
  }

  private start(): PocketsphinxChild {
    const child = new PocketsphinxChild(this.options, (gone) => {
      clearTimeout(this.idleTimers.get(gone));
      this.idleTimers.delete(gone);
      this.children.delete(gone);
      // A waiting request takes the place of the child that went.
      setImmediate(() => this.dispatch());
    });
    this.children.add(child);
    return child;
  }

  private retireWhenIdle(child: PocketsphinxChild): void {
    clearTimeout(this.idleTimers.get(child));
    const timer = setTimeout(() => {
      this.idleTimers.delete(child);
      if (!child.busy) this.retire(child);
    }, this.options.idleMs ?? 1_800_000);
    timer.unref();
    this.idleTimers.set(child, timer);
  }

  private retire(child: PocketsphinxChild): void {
    clearTimeout(this.idleTimers.get(child));
    this.idleTimers.delete(child);
    this.children.delete(child);
    child.retire();
  }
}
