import cluster, { type Worker } from 'node:cluster';
import { RestartPolicy } from './restart-policy';
import { workerEnv } from './cluster-env';

/** Longest the primary waits for workers to finish their requests and jobs after SIGTERM. */
export const WORKER_STOP_TIMEOUT_MS = 60_000;

export interface SupervisorOptions {
  processes: number;
  databaseUrl: string;
  log: (message: string) => void;
  /** Every worker listens (the first time): the port they share. */
  onAllListening: (port: number) => void;
  /** Workers die at start again and again: the primary must stop (the reason is in `message`). */
  onGiveUp: (message: string) => void;
}

/**
 * Forks the API workers (node:cluster: they share the port, the primary hands out connections),
 * each with a stable slot (KASA_PROCESS_INDEX: slot 0 runs the once-per-deployment startup tasks,
 * AppConfig.apiProcessIndex) that a replacement inherits. A worker that dies is replaced after
 * RestartPolicy's back-off; a crash loop ends in onGiveUp.
 */
export class WorkerSupervisor {
  private readonly slots = new Map<Worker, { index: number; startedAt: number }>();
  private readonly policy = new RestartPolicy();
  private readonly listening = new Set<number>();
  private readonly pendingRestarts = new Set<NodeJS.Timeout>();
  private allListeningTold = false;
  private stopping = false;

  constructor(private readonly options: SupervisorOptions) {}

  start(): void {
    cluster.on('exit', (worker, code, signal) => this.onExit(worker, code, signal));
    cluster.on('listening', (worker, address) => this.onListening(worker, address.port));
    for (let index = 0; index < this.options.processes; index++) this.fork(index);
  }

  private fork(index: number): void {
    const worker = cluster.fork(workerEnv({ databaseUrl: this.options.databaseUrl, index }));
    this.slots.set(worker, { index, startedAt: Date.now() });
  }

  private onListening(worker: Worker, port: number): void {
    const slot = this.slots.get(worker);
    if (!slot || this.allListeningTold) return;
    this.listening.add(slot.index);
    if (this.listening.size < this.options.processes) return;
    this.allListeningTold = true;
    this.options.onAllListening(port);
  }

  private onExit(worker: Worker, code: number | null, signal: string | null): void {
    const slot = this.slots.get(worker);
    this.slots.delete(worker);
    if (!slot || this.stopping) return;
    const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
    const delay = this.policy.onDeath(Date.now() - slot.startedAt);
    if (delay === 'give-up') {
      this.options.onGiveUp(
        `API process ${slot.index + 1} ${how}, and API processes keep dying right after they start: stopping (see the error above).`,
      );
      return;
    }
    this.options.log(`API process ${slot.index + 1} ${how}: starting a new one in ${delay} ms.`);
    const timer = setTimeout(() => {
      this.pendingRestarts.delete(timer);
      if (!this.stopping) this.fork(slot.index);
    }, delay);
    this.pendingRestarts.add(timer);
  }

  /**
   * Asks every worker to stop (SIGTERM: their graceful shutdown, process-lifecycle.ts, finishes
   * requests and jobs) and resolves once all have exited; after WORKER_STOP_TIMEOUT_MS the rest
   * are killed.
   */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    this.stopping = true;
    for (const timer of this.pendingRestarts) clearTimeout(timer);
    const workers = [...this.slots.keys()];
    const exited = workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          worker.once('exit', () => resolve());
        }),
    );
    for (const worker of workers) if (!worker.isDead()) worker.process.kill(signal);
    const timeout = setTimeout(() => {
      for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
    }, WORKER_STOP_TIMEOUT_MS);
    await Promise.all(exited);
    clearTimeout(timeout);
  }
}
