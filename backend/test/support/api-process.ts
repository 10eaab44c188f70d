import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import type { AppConfig } from '../../src/config';

const TS_CHILD = join(__dirname, 'ts-child.cjs');
const API_CHILD = join(__dirname, 'api-child.ts');

export interface ApiProcess {
  baseUrl: string;
  child: ChildProcess;
  /** The longest the process's event loop was held since it started or since the last call, in ms. */
  eventLoopMaxDelayMs(): Promise<number>;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
}

/** Starts the API of `config` in a child process (api-child.ts) and waits until it listens. */
export async function startApiProcess(config: AppConfig, timeoutMs = 60_000): Promise<ApiProcess> {
  const child = spawn(process.execPath, [TS_CHILD, API_CHILD], {
    env: { ...process.env, KASA_TEST_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the API process did not start in time')), timeoutMs);
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message.type !== 'listening') return;
      clearTimeout(timer);
      resolve(message.port!);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API process exited with code ${code} before listening`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    eventLoopMaxDelayMs: async () => {
      const answer = new Promise<number>((resolve) => {
        const onMessage = (message: { type?: string; maxMs?: number }) => {
          if (message.type !== 'event-loop') return;
          child.off('message', onMessage);
          resolve(message.maxMs!);
        };
        child.on('message', onMessage);
      });
      child.send({ type: 'event-loop' });
      return answer;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
