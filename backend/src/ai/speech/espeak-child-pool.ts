import { type ChildProcess, spawn } from 'node:child_process';
import { limited, ProcessFailedError } from '../../processes/run-process';
import { ESPEAK_CHILD_SCRIPT } from './espeak-child-script';

export interface EspeakChildRequest {
  text: string;
  variant: string;
  languages: Readonly<Record<string, string>>;
  fallback: string;
}

export interface SpeechMetadata {
  language: string;
  voice: string;
  samples: number;
  sampleRate: number;
}

export interface EspeakChildAnswer {
  wav: Buffer;
  metadata: SpeechMetadata;
}

interface ChildMessage {
  ready?: boolean;
  id?: number;
  wav?: Uint8Array;
  metadata?: SpeechMetadata;
  error?: string;
}

interface Waiting {
  request: EspeakChildRequest;
  resolve: (answer: EspeakChildAnswer) => void;
  reject: (error: Error) => void;
}

export interface EspeakChildPoolOptions {
  /** Children kept running: the speak job's concurrency (voice/jobs/voice.job.ts). */
  size: number;
  /** A request (the child's start included, for a new child) is killed with its child after this long. */
  timeoutMs: number;
  /** A child is retired after this many requests, so what the WebAssembly heap grew to is given back. */
  requestsPerChild?: number;
  /** A child idle this long is retired: each holds ~110 MB while it waits (measured). */
  idleMs?: number;
}

function moduleUrl(specifier: string): string {
  return new URL(`file://${require.resolve(specifier)}`).href;
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

/** One long-lived eSpeak NG child (espeak-child-script.ts), one request at a time. */
class EspeakChild {
  readonly process: ChildProcess;
  served = 0;
  busy = false;
  private alive = true;
  private ready: Promise<void>;
  private stderr = '';
  private nextId = 0;
  private current?: { id: number; resolve: (message: ChildMessage) => void; reject: (error: Error) => void };

  constructor(private readonly onGone: (child: EspeakChild) => void) {
    const [program, args] = limited(process.execPath, [
      '--input-type=module',
      '-e',
      ESPEAK_CHILD_SCRIPT,
      moduleUrl('@echogarden/espeak-ng-emscripten'),
      moduleUrl('franc-all'),
    ]);
    // detached: a Ctrl-C meant for Kasa reaches Kasa, which ends its jobs in order (run-process.ts).
    this.process = spawn(program, args, {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      detached: true,
    });
    living.add(this.process);
    if (!exitHooked) {
      exitHooked = true;
      process.on('exit', () => living.forEach(killGroup));
    }
    // An idle child must not keep Kasa (or a test run) alive; a request's timer does while it runs.
    this.process.unref();
    this.process.channel?.unref();
    this.process.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-8_000);
    });
    (this.process.stderr as { unref?: () => void } | null)?.unref?.();
    let markReady: () => void = () => undefined;
    let failReady: (error: Error) => void = () => undefined;
    this.ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    // Nobody may be waiting yet; the request that is will see the rejection through `run`.
    this.ready.catch(() => undefined);
    this.process.on('message', (message: ChildMessage) => {
      if (message.ready) markReady();
      else if (this.current && message.id === this.current.id) this.current.resolve(message);
    });
    this.process.on('error', (error) => this.gone(`eSpeak NG could not start: ${error.message}`, failReady));
    this.process.on('exit', (code, signal) =>
      this.gone(
        `eSpeak NG ${signal ? `was killed (${signal})` : `exited with code ${code}`}: ${this.stderrTail()}`,
        failReady,
      ),
    );
  }

  get isAlive(): boolean {
    return this.alive;
  }

  /** Speaks one request; kills this child (the pool starts another) past `timeoutMs`. */
  async run(request: EspeakChildRequest, timeoutMs: number): Promise<EspeakChildAnswer> {
    this.busy = true;
    this.served += 1;
    const id = (this.nextId += 1);
    this.stderr = '';
    let timer: NodeJS.Timeout | undefined;
    try {
      const message = await new Promise<ChildMessage>((resolve, reject) => {
        this.current = { id, resolve, reject };
        timer = setTimeout(() => {
          reject(new ProcessFailedError(`eSpeak NG was killed after ${timeoutMs} ms`, this.stderr));
          this.stop();
        }, timeoutMs);
        this.ready.then(() => this.process.send({ id, ...request }), reject);
      });
      if (message.error !== undefined) throw new ProcessFailedError(message.error, this.stderr);
      if (!message.wav || !message.metadata)
        throw new ProcessFailedError('eSpeak NG gave no speech', this.stderr);
      const wav = Buffer.from(message.wav.buffer, message.wav.byteOffset, message.wav.byteLength);
      return { wav, metadata: message.metadata };
    } finally {
      clearTimeout(timer);
      this.current = undefined;
      this.busy = false;
    }
  }

  /** Kills it; the pool forgets it at once, so no request is sent to it while it dies. */
  stop(): void {
    killGroup(this.process);
    this.gone('eSpeak NG was stopped', () => undefined);
  }

  private stderrTail(): string {
    return this.stderr.trim().split('\n').slice(-3).join(' ');
  }

  private gone(why: string, failReady: (error: Error) => void): void {
    if (!this.alive) return;
    this.alive = false;
    living.delete(this.process);
    const error = new ProcessFailedError(why, this.stderr);
    failReady(error);
    this.current?.reject(error);
    this.onGone(this);
  }
}

/**
 * eSpeak NG kept warm: up to `size` long-lived children (out of process: eSpeak NG is GPL), each
 * speaking one request at a time; requests wait for a free one. A child that dies, times out or
 * has served its share is replaced by a new one at the next request.
 */
export class EspeakChildPool {
  private readonly children = new Set<EspeakChild>();
  private readonly waiting: Waiting[] = [];
  private readonly idleTimers = new Map<EspeakChild, NodeJS.Timeout>();

  constructor(private readonly options: EspeakChildPoolOptions) {}

  synthesize(request: EspeakChildRequest): Promise<EspeakChildAnswer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ request, resolve, reject });
      this.dispatch();
    });
  }

  /** The process ids of the children running now. */
  pids(): number[] {
    return [...this.children].flatMap((child) =>
      child.process.pid === undefined ? [] : [child.process.pid],
    );
  }

  /** Kills every child; a later request starts new ones. */
  close(): void {
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    for (const child of this.children) child.stop();
    this.children.clear();
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const child = this.idleChild();
      if (!child) return;
      const { request, resolve, reject } = this.waiting.shift() as Waiting;
      clearTimeout(this.idleTimers.get(child));
      this.idleTimers.delete(child);
      child
        .run(request, this.options.timeoutMs)
        .then(resolve, reject)
        .finally(() => {
          if (child.served >= (this.options.requestsPerChild ?? 500)) this.retire(child);
          this.dispatch();
          if (this.children.has(child) && !child.busy) this.retireWhenIdle(child);
        });
    }
  }

  private idleChild(): EspeakChild | undefined {
    for (const child of this.children) if (child.isAlive && !child.busy) return child;
    if (this.children.size >= this.options.size) return undefined;
    const child = new EspeakChild((gone) => {
      clearTimeout(this.idleTimers.get(gone));
      this.idleTimers.delete(gone);
      this.children.delete(gone);
      // A waiting request takes the place of the child that went.
      setImmediate(() => this.dispatch());
    });
    this.children.add(child);
    return child;
  }

  private retireWhenIdle(child: EspeakChild): void {
    clearTimeout(this.idleTimers.get(child));
    const timer = setTimeout(() => {
      this.idleTimers.delete(child);
      if (!child.busy) this.retire(child);
    }, this.options.idleMs ?? 600_000);
    timer.unref();
    this.idleTimers.set(child, timer);
  }

  private retire(child: EspeakChild): void {
    clearTimeout(this.idleTimers.get(child));
    this.idleTimers.delete(child);
    this.children.delete(child);
    // The child exits when its channel closes (espeak-child-script.ts).
    if (child.process.connected) child.process.disconnect();
  }
}
