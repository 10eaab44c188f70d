/**
 * A function that runs on a worker thread (WorkerThreadsService.run): `file` is a module that
 * exports it by `name`, as plain code (no Nest, no database), taking and returning values the
 * structured clone algorithm copies. Declared beside the feature that owns it, e.g.
 * `defineThreadTask<string, PageText>(require.resolve('./page-text.task'), 'readPage')`.
 *
 * The type parameters exist only for the caller: they tie `run`'s input and result to the task.
 */
export interface ThreadTask<Input, Output> {
  readonly file: string;
  readonly name: string;
  /** Never set: carries Input and Output through the type system. */
  readonly types?: { input: Input; output: Output };
}

export function defineThreadTask<Input, Output>(file: string, name: string): ThreadTask<Input, Output> {
  return { file, name };
}

/** A task that ran past its time: its thread was stopped (so its CPU is given back at once). */
export class ThreadTaskTimeoutError extends Error {
  override readonly name = 'ThreadTaskTimeoutError';
}

/** A task that needed more memory than a thread has (THREAD_MAX_MEMORY_MB): its thread was stopped. */
export class ThreadTaskMemoryError extends Error {
  override readonly name = 'ThreadTaskMemoryError';
}

/** Every thread is busy and the waiting line is full: try again later. */
export class ThreadPoolBusyError extends Error {
  override readonly name = 'ThreadPoolBusyError';
}
