import { defineConfig } from 'vitest/config';

// Unit tests once; API tests on an embedded PGlite always, and again on the PostgreSQL server of
// TEST_DATABASE_URL when it is set (each test file gets its own database, copied from one migrated
// per run: tests/helpers/template-database.ts).
// In CI a test that fails is run once more, so its second failure shows whether it fails every time;
// a test that needed that retry still fails `npm test` (tests/helpers/flaky-reporter.ts, named in
// the summary): a retry never turns a race green.
const shared = {
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 90_000,
  retry: process.env.CI ? 1 : 0,
  allowOnly: false, // a committed it.only fails the run instead of running alone
};
const env = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
  PUBLIC_URL: 'http://dramalist.test',
  DATA_DIR: '.tmp/test-data',
};

// API files whose subject does not depend on which database is behind the API (HTTP headers, the
// site server, the answer cache, mail, S3 storage): they run on the embedded database
// only. Everything that reads or writes through SQL runs on both.
const databaseAgnostic = [
  'tests/api/client-address.test.ts',
  'tests/api/security-headers.test.ts',
  'tests/api/site-server.test.ts',
  'tests/api/site-server-locales.test.ts',
  'tests/api/public-cache.test.ts',
  'tests/api/public-cache-bound.test.ts',
  'tests/api/mail-outbox.test.ts',
  'tests/api/uploads-s3.test.ts',
  // builds and starts the site as processes; it covers PostgreSQL itself when TEST_DATABASE_URL is set
  'tests/api/site-lifecycle.test.ts',
];

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { test: { ...shared, name: 'unit', include: ['tests/unit/**/*.test.ts'], env } },
      // *.postgres.test.ts: behaviour only PostgreSQL has (e.g. the catalogue change feed between instances)
      {
        test: {
          ...shared,
          name: 'api-pglite',
          include: ['tests/api/**/*.test.ts'],
          exclude: ['tests/api/**/*.postgres.test.ts'],
          globalSetup: ['tests/helpers/template-database.ts'],
          env: { ...env, TEST_DB: 'pglite' },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? // *.pglite.test.ts: the embedded database only (e.g. its host process going away)
          [
            {
              test: {
                ...shared,
                name: 'api-postgres',
                include: ['tests/api/**/*.test.ts'],
                exclude: ['tests/api/**/*.pglite.test.ts', ...databaseAgnostic],
                globalSetup: ['tests/helpers/template-database.ts'],
                env: { ...env, TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
