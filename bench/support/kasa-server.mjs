// Starts Kasa's production build for a benchmark the way `npm start` runs it (node
// backend/dist/main.js; `processes`: API_PROCESSES, 1 unless the bench asks, so the figures of
// benches that read one process's CPU and memory stay comparable), on
// its own port and its own database, and stops it afterwards.
// DATABASE_URL set: a fresh database `kasa_<name>` on that server; else the embedded PostgreSQL
// in .data/<name>.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { apiNodeArgs } from '../../scripts/lib.mjs';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * @param {object} options
 * @param {string} options.name        database / queue namespace, e.g. 'bench_chat'
 * @param {number} options.port
 * @param {number} options.embeddedPgPort
 * @param {Record<string,string>} [options.env]  extra settings (OPENAI_BASE_URL...)
 * @param {string[]} [options.nodeArgs]          e.g. --cpu-prof
 * @param {boolean} [options.frontend]          false: the API alone, no frontend build needed
 * @param {number} [options.processes]          API_PROCESSES (default 1)
 * @returns {Promise<{ origin: string, pid: number, processes: number, register: (prefix?: string) => Promise<string>, stop: () => Promise<void> }>}
 */
export async function startKasa({
  name,
  port,
  embeddedPgPort,
  env = {},
  nodeArgs = [],
  frontend = true,
  processes = 1,
}) {
  const main = join(repoRoot, 'backend/dist/main.js');
  if (!existsSync(main) || (frontend && !existsSync(join(repoRoot, 'frontend-shell/dist/index.html')))) {
    throw new Error('No production build: run `npm run build` first.');
  }
  const serverEnv = {
    ...process.env,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    QUEUE_PREFIX: `kasa_${name}`,
    // Benchmarks sign many users up from one address.
    RATE_LIMIT_LOGIN_PER_IP: '100000',
    RATE_LIMIT_REGISTER_PER_IP: '100000',
    API_PROCESSES: String(processes),
    // The dictionary's first import (about 8 s of both cores) would run under the first figures
    // of every bench on a fresh database; bench/dictionary measures it on its own.
    DICTIONARY_AUTO_IMPORT: 'false',
    ...env,
  };
  if (process.env.DATABASE_URL) {
    const database = `kasa_${name}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${database}`;
    serverEnv.DATABASE_URL = url.toString();
  } else {
    serverEnv.DATA_DIR = join(repoRoot, '.data', name);
    serverEnv.EMBEDDED_PG_PORT = String(embeddedPgPort);
  }
  const server = spawn(process.execPath, [...apiNodeArgs(serverEnv), ...nodeArgs, main], {
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Ready once it says so: with several processes that is when every one of them listens.
  let said = '';
  const running = new Promise((resolve) =>
    server.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      said += chunk;
      if (said.includes('Kasa is running at')) resolve();
    }),
  );
  const origin = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });

  try {
    for (let i = 0; ; i += 1) {
      try {
        const ready = await Promise.race([
          running.then(() => true),
          new Promise((r) => setTimeout(r, 10, false)),
        ]);
        if (ready && (await fetch(`${origin}/api/health`)).ok) break;
      } catch {
        /* not up yet */
      }
      if (server.exitCode !== null) throw new Error(`Kasa exited with code ${server.exitCode}`);
      if (i >= 120) throw new Error(`${origin} did not become healthy in 60 s`);
      await new Promise((r) => setTimeout(r, 500));
    }
  } catch (error) {
    await stop();
    throw error;
  }

  let users = 0;
  /** Signs a new user up (POST /api/auth/register) and returns the token. */
  const register = async (prefix = name) => {
    users += 1;
    const response = await fetch(`${origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username: `${prefix}_${Date.now().toString(36)}_${users}`,
        password: 'bench-password',
      }),
    });
    if (!response.ok)
      throw new Error(`could not register a bench user: ${response.status} ${await response.text()}`);
    return (await response.json()).token;
  };

  return { origin, pid: server.pid, processes: Number(serverEnv.API_PROCESSES), register, stop };
}
