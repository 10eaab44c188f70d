import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import type { AppConfig } from '../config';
import {
  defineThreadTask,
  ThreadPoolBusyError,
  ThreadTaskMemoryError,
  ThreadTaskTimeoutError,
} from './thread-task';
import { WorkerThreadsService } from './worker-threads.service';

const TASKS = join(__dirname, '..', '..', 'test', 'support', 'thread-tasks.ts');
const DOUBLE = defineThreadTask<number, number>(TASKS, 'double');
const SPIN = defineThreadTask<number, number>(TASKS, 'spin');
const HOARD = defineThreadTask<void, number>(TASKS, 'hoard');
const FAIL = defineThreadTask<string, never>(TASKS, 'fail');

function pool(threads: Partial<AppConfig['threads']> = {}): WorkerThreadsService {
  return new WorkerThreadsService({
    threads: { size: 1, maxMemoryMb: 64, maxQueue: 10, ...threads },
  } as AppConfig);
}

describe('WorkerThreadsService', () => {
  let service: WorkerThreadsService;
  afterEach(() => service.onModuleDestroy());

  it('runs a task on a thread and returns its result', async () => {
    service = pool();
    await expect(service.run(DOUBLE, 21, { timeoutMs: 30_000 })).resolves.toBe(42);
  });

  it('keeps the event loop free while a task computes', async () => {
    service = pool();
    await service.run(DOUBLE, 1, { timeoutMs: 30_000 }); // the thread is up
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    await service.run(SPIN, 1500, { timeoutMs: 30_000 });
    delay.disable();
    // 1.5 s of computing on the loop would show a 1.5 s delay; on a thread the loop stays responsive.
    expect(delay.max / 1e6).toBeLessThan(500);
  });

  it('stops a task that passes its time, and the pool keeps working', async () => {
    service = pool();
    const started = Date.now();
    await expect(service.run(SPIN, 60_000, { timeoutMs: 300 })).rejects.toBeInstanceOf(ThreadTaskTimeoutError);
    expect(Date.now() - started).toBeLessThan(20_000);
    await expect(service.run(DOUBLE, 2, { timeoutMs: 30_000 })).resolves.toBe(4);
  });

  it("stops a task that passes its thread's memory", async () => {
    service = pool({ maxMemoryMb: 32 });
    await expect(service.run(HOARD, undefined, { timeoutMs: 60_000 })).rejects.toBeInstanceOf(
      ThreadTaskMemoryError,
    );
    await expect(service.run(DOUBLE, 3, { timeoutMs: 30_000 })).resolves.toBe(6);
  });

  it('refuses work beyond its waiting line instead of queueing without end', async () => {
    service = pool({ maxQueue: 1 });
    await service.run(DOUBLE, 1, { timeoutMs: 30_000 }); // the thread is up
    const running = service.run(SPIN, 500, { timeoutMs: 30_000 });
    const waiting = service.run(SPIN, 10, { timeoutMs: 30_000 });
    await expect(service.run(SPIN, 10, { timeoutMs: 30_000 })).rejects.toBeInstanceOf(ThreadPoolBusyError);
    await expect(Promise.all([running, waiting])).resolves.toHaveLength(2);
  });

  it("passes a task's own error through", async () => {
    service = pool();
    await expect(service.run(FAIL, 'unreadable', { timeoutMs: 30_000 })).rejects.toThrow('unreadable');
  });
});
