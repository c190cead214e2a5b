import { defineConfig, devices } from '@playwright/test';

// Browser tests run against the built site served by `npm start` on a fresh embedded database in
// .tmp/e2e-data (seeded with the demo catalogue), built into .tmp/e2e-dist, with a real SMTP mailbox and OIDC provider beside
// it (tests/e2e/support/serve-site.ts), using the system Chromium: Playwright never downloads a
// browser here.
import { BASE_URL as baseURL, E2E_DIST_DIR, E2E_PORT as PORT, MAIL_PORT } from './tests/e2e/support/ports.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Safety nets, not speed checks (speed is the bench's job): the suite is CPU-bound on 2 shared
  // cores, and on a busy day every page load takes twice as long (seen: a 35 s filter test).
  timeout: 60_000,
  expect: { timeout: 15_000 },
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
    command: 'rm -rf .tmp/e2e-data && node --experimental-strip-types tests/e2e/support/serve-site.ts',
    url: `${baseURL}/api/v1/health`,
    // the build writes every pre-rendered page in two languages (docs/decisions/019)
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    env: {
      DATA_DIR: '.tmp/e2e-data',
      DIST_DIR: E2E_DIST_DIR, // its own builds: the developer's `npm start` build stays current
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      E2E_MAIL_PORT: String(MAIL_PORT),
      DATABASE_URL: '',
      JWT_SECRET: '',
      LOG_LEVEL: 'warn',
    },
  },
});
