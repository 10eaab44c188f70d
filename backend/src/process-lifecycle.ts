/**
 * Runs `shutdown` once on SIGINT / SIGTERM, then exits. A second signal while shutting down
 * exits at once (someone pressed Ctrl-C twice).
 */
export function onShutdownSignal(
  shutdown: (signal: NodeJS.Signals) => Promise<void>,
  log: (message: string) => void,
): void {
  let shuttingDown = false;
  const handler = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      log(`${signal} again: exiting now.`);
      process.exit(1);
    }
    shuttingDown = true;
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
