// `npm run dev`: the API in watch mode plus every frontend's rspack dev server with hot reload.
// Open the shell at http://localhost:4200 (it proxies /api to the API on port 3000).
import { ensureDependencies, log, nxEnv, run, supervise } from './lib.mjs';

ensureDependencies();
run('npm', ['exec', '--', 'nx', 'run', '@kasa/contracts:build'], { env: nxEnv });
log('Dev servers: shell http://localhost:4200, remotes on 4201-4204, API http://localhost:3000');
supervise('npm', ['exec', '--', 'nx', 'run-many', '-t', 'dev', '--parallel=6', '--output-style=stream'], {
  env: nxEnv,
});
