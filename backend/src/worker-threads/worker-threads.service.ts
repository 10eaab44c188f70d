import { join } from 'node:path';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Piscina } from 'piscina';
import { APP_CONFIG, type AppConfig } from '../config';
import {
  ThreadPoolBusyError,
  type ThreadTask,
  ThreadTaskMemoryError,
  ThreadTaskTimeoutError,
} from './thread-task';

export interface RunThreadTaskOptions {
  /** The thread is stopped after this long (waiting included) and the call rejects with ThreadTaskTimeoutError. */
  timeoutMs: number;
}

/** Threads left idle this long end; the pool starts none until the first task. */
const IDLE_THREAD_MS = 30_000;

/**
 * CPU-bound work off the event loop (docs/architecture.md#worker-threads): HTML parsing, document
 * checks, text splitting, image decoding. A page or a file crafted to be slow costs one thread of
 * the pool for at most its task's time, while the API keeps answering; a task that passes its
 * time or its thread's memory (THREAD_MAX_MEMORY_MB) has its thread stopped.
 */
@Injectable()
export class WorkerThreadsService implements OnModuleDestroy {
  private pool?: Piscina;
  /** Tasks running or waiting (piscina leaves abortable tasks out of its own maxQueue). */
  private inFlight = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async run<Input, Output>(
    task: ThreadTask<Input, Output>,
    input: Input,
    { timeoutMs }: RunThreadTaskOptions,
  ): Promise<Output> {
    const { size, maxQueue } = this.config.threads;
    if (this.inFlight >= size + maxQueue) throw new ThreadPoolBusyError('every worker thread is busy');
    this.inFlight++;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    try {
      return (await this.threads().run(input, {
        filename: task.file,
        name: task.name,
        signal: timeout.signal,
      })) as Output;
    } catch (error) {
      if (timeout.signal.aborted)
        throw new ThreadTaskTimeoutError(`${task.name} ran for more than ${timeoutMs} ms`);
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new ThreadTaskMemoryError(
          `${task.name} needed more than ${this.config.threads.maxMemoryMb} MB (THREAD_MAX_MEMORY_MB)`,
        );
      throw error;
    } finally {
      this.inFlight--;
      clearTimeout(timer);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }

  private threads(): Piscina {
    const { size, maxMemoryMb } = this.config.threads;
    this.pool ??= new Piscina({
      minThreads: 0,
      maxThreads: size,
      idleTimeout: IDLE_THREAD_MS,
      resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb, maxYoungGenerationSizeMb: 32 },
      // From source (Jest, tests' child processes) the tasks are TypeScript: compile them on load.
      execArgv: __filename.endsWith('.ts') ? ['--require', join(__dirname, 'ts-register.cjs')] : [],
    });
    return this.pool;
  }
}
