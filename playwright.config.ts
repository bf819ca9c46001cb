import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// Two workers, each slot with its own server and database (E2E_PORT + the slot, e2e/fixtures.ts `baseURL`): one
// stream of browser steps keeps this 2-core machine about half busy, so two halve the suite's time without sharing
// any state. The servers live for the whole run, so a worker restarted after a failure (and a retry) finds its
// slot's data as the single shared server kept it before.
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  // 60 s in CI: a loaded or slower CI machine took some long stories past 30 s (billing.spec, letters.spec, 29 Nov).
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results/playwright',
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    // Worker 0's server; e2e/fixtures.ts gives each worker its own (E2E_PORT + the worker's slot).
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // No browser download here: Debian's Chromium, with the flags a root sandbox needs.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1366, height: 860 } } }],
  webServer: Array.from({ length: workers }, (_, slot) => ({
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port + slot}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port + slot) },
  })),
});
