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
