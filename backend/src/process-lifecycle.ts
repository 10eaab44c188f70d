/**
 * Runs `shutdown` once on SIGINT / SIGTERM, then exits. The same signal often arrives twice at
 * once (Ctrl-C reaches the whole process group and `npm start` forwards it too), so repeats within
 * a few seconds are ignored; a later one (Ctrl-C pressed again) exits immediately.
 */
export function onShutdownSignal(
  shutdown: (signal: NodeJS.Signals) => Promise<void>,
  log: (message: string) => void,
): void {
  let firstSignalAt = 0;
  const handler = (signal: NodeJS.Signals) => {
    if (firstSignalAt) {
      if (Date.now() - firstSignalAt < 3000) return;
      log(`${signal} again: exiting now.`);
      process.exit(1);
    }
    firstSignalAt = Date.now();
    tolerateDatabaseShutdownErrors(log);
    log(`${signal} received: finishing requests and jobs, then stopping...`);
    shutdown(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        log(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

export function fatal(prefix: string, error: unknown): never {
  process.stderr.write(`${prefix}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

/** PostgreSQL's "terminating connection due to administrator command". */
const ADMIN_SHUTDOWN = '57P01';

/**
 * Ctrl-C in a terminal also reaches the embedded PostgreSQL (same process group), which then
 * closes every connection while we are still draining. A pg client without an 'error' listener
 * (BullMQ's LISTEN connection) would crash the process; during shutdown that error is expected.
 */
function tolerateDatabaseShutdownErrors(log: (message: string) => void): void {
  let reported = false;
  process.on('uncaughtException', (error: Error & { code?: string }) => {
    if (error.code === ADMIN_SHUTDOWN) {
      if (!reported) log('The database closed its connections during shutdown.');
      reported = true;
      return;
    }
    process.stderr.write(`${error.stack ?? error.message}\n`);
    process.exit(1);
  });
}
