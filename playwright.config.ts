import { defineConfig, devices } from '@playwright/test';

// Browser tests run against the built site served by `npm start` on a fresh embedded database in
// .tmp/e2e-data (seeded with the demo catalogue), using the system Chromium: Playwright never
// downloads a browser here.
const PORT = Number(process.env.E2E_PORT ?? 4510);
const baseURL = `http://127.0.0.1:${PORT}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results/e2e',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'rm -rf .tmp/e2e-data && tsx scripts/start-site.ts',
    url: `${baseURL}/api/v1/health`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    env: { DATA_DIR: '.tmp/e2e-data', PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn' },
  },
});
