// Small helpers shared by the root scripts (start, dev, test). Node built-ins only: these run
// before `npm install` on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export function log(message) {
  process.stdout.write(`\x1b[33m[kasa]\x1b[0m ${message}\n`);
}

/** Runs a command to completion with inherited output; exits the script when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    log(`'${command} ${args.join(' ')}' failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

/** Installs dependencies when node_modules is missing or older than package-lock.json. */
export function ensureDependencies() {
  const lock = join(repoRoot, 'package-lock.json');
  const installed = join(repoRoot, 'node_modules', '.package-lock.json');
  if (!existsSync(installed)) {
    log('Installing dependencies (first run)...');
    // Not `npm ci`: see .ci/run (the lock lacks other platforms' optional packages here).
    run(npm, ['install', '--no-audit', '--no-fund']);
  } else if (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs + 1000) {
    log('package-lock.json changed: updating dependencies...');
    run(npm, ['install', '--no-audit', '--no-fund']);
  }
}

/**
 * Node's flags for the API process (npm start, the benchmarks, the end-to-end app; the Docker image
 * repeats them). V8 sizes its old generation from the machine's memory (about 4 GB here) and lets
 * garbage pile up to it: 1,000 live chat streams peaked at 750 MB resident without a cap and at
 * 379 MB with 320 MB (bench/chat-stream). API_MAX_OLD_SPACE_MB changes the cap.
 */
export const API_MAX_OLD_SPACE_MB_DEFAULT = 512;
export function apiNodeArgs(env = process.env) {
  const mb = Number(env.API_MAX_OLD_SPACE_MB ?? API_MAX_OLD_SPACE_MB_DEFAULT);
  if (!Number.isInteger(mb) || mb < 128) {
    throw new Error(
      `API_MAX_OLD_SPACE_MB must be a whole number of MB, at least 128 (got '${env.API_MAX_OLD_SPACE_MB}').`,
    );
  }
  return [`--max-old-space-size=${mb}`];
}

export const nxEnv = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

/**
 * Nx without its cache: every target really runs, in the order of the build graph. `npm test` and
 * CI use it so each run proves that a fresh clone builds (a warm cache once hid a workspace that
 * imported a package it did not declare).
 */
export const nxColdEnv = { ...nxEnv, NX_SKIP_NX_CACHE: 'true' };

/**
 * Builds every project for production. `npm start` lets Nx reuse unchanged projects' builds;
 * `cold: true` (tests, CI) rebuilds everything.
 */
export function buildAll({ cold = false } = {}) {
  log(`Building backend and frontends for production${cold ? ' (Nx cache off)' : ''}...`);
  run(npm, ['exec', '--', 'nx', 'run-many', '-t', 'build', '--output-style=stream'], {
    env: cold ? nxColdEnv : nxEnv,
  });
}

/**
 * Starts a long-running child and ties its life to ours: signals are passed on once, and we exit
 * with the child's code, so Ctrl-C lets the server shut down (and stop PostgreSQL) cleanly.
 */
export function supervise(command, args, options = {}) {
  const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
  let forwarded = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (!forwarded) {
        forwarded = true;
        child.kill(signal);
      }
    });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
  return child;
}
