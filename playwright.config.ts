import { defineConfig, devices } from '@playwright/test';

// Browser tests run against the built site served by `npm start` on a fresh database seeded with the
// demo catalogue (a PostgreSQL database of its own when TEST_DATABASE_URL is set, as in CI; else the
// embedded one in .tmp/e2e-data: tests/e2e/support/ports.ts), built into .tmp/e2e-dist, with a real
// SMTP mailbox and OIDC provider beside it (tests/e2e/support/serve-site.ts), using the system
// Chromium: Playwright never downloads a browser here.
import { BASE_URL as baseURL, E2E_DATA_DIR, E2E_DIST_DIR, E2E_PORT as PORT, E2E_PRERENDER, MAIL_PORT } from './tests/e2e/support/ports.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // In CI a failed test runs once more, so its second result shows whether it fails every time; a
  // test that passed only on that retry fails the run all the same (and npm test names it).
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  forbidOnly: true, // a committed test.only fails the run instead of running alone
  // Safety nets, not speed checks (speed is the bench's job): the suite is CPU-bound on 2 shared
  // cores, and on a busy day every page load takes twice as long (seen: a 35 s filter test).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results/e2e',
  use: {
    baseURL,
    // recording a trace costs every test its time; `npx playwright test --trace on` records them
    trace: 'off',
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
    command: `rm -rf ${E2E_DATA_DIR} && node --experimental-strip-types tests/e2e/support/serve-site.ts`,
    url: `${baseURL}/api/v1/health`,
    // the build writes every pre-rendered page in two languages (docs/decisions/019)
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    env: {
      DATA_DIR: E2E_DATA_DIR,
      // fewer pages than the default 500 + 500: the tests need the top ones as files and others not
      PRERENDER_DRAMAS: String(E2E_PRERENDER),
      PRERENDER_PEOPLE: String(E2E_PRERENDER),
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
