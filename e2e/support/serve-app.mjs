// Starts the production build for the end-to-end tests the way `npm start` does (node
// backend/dist/main.js, here with two API processes), with a database of its own:
// - DATABASE_URL set (CI): a fresh `kasa_e2e` database (kasa_e2e_<port> off the default port) on
//   that server, and REDIS_URL as given;
// - otherwise: the embedded PostgreSQL in .data/e2e on its own port.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { apiNodeArgs } from '../../scripts/lib.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = process.env.E2E_PORT ?? '3100';
// Each port gets its own database, so two suites (two worktrees, two helpers) never share one.
const databaseName = port === '3100' ? 'kasa_e2e' : `kasa_e2e_${port}`;
const env = {
  ...process.env,
  PORT: port,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // Queue names and rate-limit counters live under this prefix in Redis: one per suite.
  QUEUE_PREFIX: databaseName,
  // Every test signs up and in from 127.0.0.1 (and with REDIS_URL the counters outlive a run): the
  // per-address defaults would stop the suite.
  RATE_LIMIT_LOGIN_PER_IP: '10000',
  RATE_LIMIT_REGISTER_PER_IP: '10000',
  RATE_LIMIT_FORGOT_PER_IP: '10000',
  RATE_LIMIT_RESET_PER_IP: '10000',
  // The dev outbox (reset codes) is readable by an administrator only: support/session.ts signs in
  // as this one (E2E_ADMIN) to read it.
  ADMIN_USERNAMES: 'e2e_admin',
  // The support contacts the app shows (footer, help card, forgot-password dialog):
  // tests/support-contacts.spec.ts finds them there.
  SUPPORT_EMAIL: 'help@kasa.example',
  SUPPORT_WHATSAPP: '+237677123456',
  SUPPORT_PHONE: '+237222123456',
  // Two API processes (node:cluster, backend/src/cluster/), as production runs one per core: the
  // suite then also crosses processes (a reply resumed or stopped by another process).
  API_PROCESSES: process.env.API_PROCESSES ?? '2',
};

if (process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${databaseName}`;
  env.DATABASE_URL = url.toString();
} else {
  env.DATA_DIR = join(repoRoot, '.data', databaseName);
  env.EMBEDDED_PG_PORT = String(54339 + (Number(port) - 3100));
}

const server = spawn(process.execPath, [...apiNodeArgs(env), join(repoRoot, 'backend', 'dist', 'main.js')], {
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
