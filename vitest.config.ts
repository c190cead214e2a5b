import { defineConfig } from 'vitest/config';

// Unit tests once; API tests on an embedded PGlite always, and again on the PostgreSQL server of
// TEST_DATABASE_URL when it is set (each test file gets its own fresh database).
// In CI a test that fails is run once more (as Playwright does); the default reporter marks the retry.
const shared = { environment: 'node' as const, testTimeout: 30_000, hookTimeout: 90_000, retry: process.env.CI ? 1 : 0 };
const env = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
  PUBLIC_URL: 'http://dramalist.test',
  DATA_DIR: '.tmp/test-data',
};

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { test: { ...shared, name: 'unit', include: ['tests/unit/**/*.test.ts'], env } },
      // *.postgres.test.ts: behaviour only PostgreSQL has (e.g. the catalogue change feed between instances)
      { test: { ...shared, name: 'api-pglite', include: ['tests/api/**/*.test.ts'], exclude: ['tests/api/**/*.postgres.test.ts'], env: { ...env, TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? // *.pglite.test.ts: the embedded database only (e.g. its host process going away)
          [{ test: { ...shared, name: 'api-postgres', include: ['tests/api/**/*.test.ts'], exclude: ['tests/api/**/*.pglite.test.ts'], env: { ...env, TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
