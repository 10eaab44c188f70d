// The API in watch mode (`npm run dev` runs it through Nx): tsc recompiles on save and Node
// restarts the server on every rebuilt file. Restarts send SIGTERM, so the embedded PostgreSQL is
// stopped cleanly each time.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib.mjs';

const backend = join(repoRoot, 'backend');
const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
const children = [];

function start(args, options = {}) {
  const child = spawn(process.execPath, args, { cwd: backend, stdio: 'inherit', ...options });
  children.push(child);
  return child;
}

start([tsc, '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput']);
// Wait for the first compile before starting the server.
const waitForBuild = setInterval(() => {
  if (!existsSync(join(backend, 'dist', 'main.js'))) return;
  clearInterval(waitForBuild);
  start(['--watch-path=dist', '--enable-source-maps', 'dist/main.js']);
}, 500);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    clearInterval(waitForBuild);
    for (const child of children) child.kill(signal);
  });
}
