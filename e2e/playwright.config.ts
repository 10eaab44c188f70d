import { defineConfig, devices } from '@playwright/test';
import { join } from 'node:path';
import { chromiumLaunchOptions } from './support/browser';

// The app under test is the production build served by the backend, exactly as `npm start`
// serves it, on its own port so it never collides with a running `npm start`.
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    trace: 'off',
    // The production build registers a service worker; requests it answers bypass page.route()
    // (which several tests use to simulate failures), so it is off except in tests/pwa.spec.ts.
    serviceWorkers: 'block',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'mobile', use: { ...devices['Pixel 5'], defaultBrowserType: 'chromium' } }],
  webServer: {
    command: `node ${JSON.stringify(join(__dirname, 'support', 'serve-app.mjs'))}`,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
