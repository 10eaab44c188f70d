import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createApp } from '../../src/app.factory';
import type { AppConfig } from '../../src/config';

/**
 * The API in a process of its own for tests (run through ts-child.cjs with an IPC channel; see
 * api-process.ts): the real application on the config given as JSON in KASA_TEST_CONFIG,
 * listening on a free loopback port. It watches its own event loop, so a test can tell what a
 * request cost the loop of a fresh API process, not of the test runner's.
 */
async function main(): Promise<void> {
  const config = JSON.parse(process.env.KASA_TEST_CONFIG ?? '') as AppConfig;
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('message', (message: { type?: string }) => {
    if (message.type !== 'event-loop') return;
    process.send?.({ type: 'event-loop', maxMs: delay.max / 1e6 });
    delay.reset();
  });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  const { port } = app.getHttpServer().address() as AddressInfo;
  process.send?.({ type: 'listening', port });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
