// `npm test`: every test. Lint and type checks, backend unit + integration tests (real PostgreSQL
// and Redis when DATABASE_URL / REDIS_URL are set, else the machine's local servers), frontend
// component tests and the tooling's own tests, then Playwright end-to-end tests against the
// production build served the way `npm start` serves it. Builds with the Nx cache off. Prints one closing line: 'N passed, N failed'.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAll, ensureDependencies, log, nxColdEnv, repoRoot, run } from './lib.mjs';

// Each phase's start is printed with the time since this script began, so a slow CI run shows where.
const started = Date.now();
const phase = (message) => log(`${message} (${Math.round((Date.now() - started) / 1000)} s in)`);

ensureDependencies();
buildAll({ cold: true });

phase('Lint (whole repository) and type checks...');
run('npm', ['exec', '--', 'eslint', '--cache', '--cache-location', 'node_modules/.cache/eslint', '.']);
run('npm', ['exec', '--', 'nx', 'run-many', '-t', 'typecheck', '--output-style=stream'], { env: nxColdEnv });

const reports = mkdtempSync(join(tmpdir(), 'kasa-test-'));
const totals = { passed: 0, failed: 0 };
const failedSuites = [];

function jest(label, cwd, extraArgs) {
  phase(`${label}...`);
  const outputFile = join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const result = spawnSync('npx', ['jest', '--ci', '--json', `--outputFile=${outputFile}`, ...extraArgs], {
    cwd: join(repoRoot, cwd),
    stdio: 'inherit',
    env: process.env,
  });
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests + report.numRuntimeErrorTestSuites;
  }
  if (result.status !== 0) failedSuites.push(label);
}

jest('Backend unit and integration tests', 'backend', ['--runInBand']);
jest('Frontend component tests', '.', ['-c', 'jest.frontend.config.js']);

phase('End-to-end tests (Playwright, Chromium)...');
const playwrightReport = join(reports, 'playwright.json');
const e2e = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
});
if (existsSync(playwrightReport)) {
  const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
}
if (e2e.status !== 0) failedSuites.push('End-to-end tests');

rmSync(reports, { recursive: true, force: true });
phase('Done');
if (failedSuites.length) log(`Failed: ${failedSuites.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSuites.length ? 1 : 0);
