// Starts the production build for the end-to-end tests the way `npm start` does (node
// backend/dist/main.js), with a database of its own:
// - DATABASE_URL set (CI): a fresh `kasa_e2e` database on that server, and REDIS_URL as given;
// - otherwise: the embedded PostgreSQL in .data/e2e on its own port.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const env = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? '3100',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};

if (process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS kasa_e2e WITH (FORCE)');
  await admin.query('CREATE DATABASE kasa_e2e');
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = '/kasa_e2e';
  env.DATABASE_URL = url.toString();
} else {
  env.DATA_DIR = join(repoRoot, '.data', 'e2e');
  env.EMBEDDED_PG_PORT = '54339';
}

const server = spawn(process.execPath, [join(repoRoot, 'backend', 'dist', 'main.js')], {
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
