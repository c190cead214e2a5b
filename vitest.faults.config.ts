import { defineConfig } from 'vitest/config';

// The fault tests (tests/faults/, `npm run test:faults`): real processes, a PostgreSQL cluster and a
// redis-server of their own, one file, one worker, long deadlines. See tests/faults/faults.test.ts.
export default defineConfig({
  test: {
    name: 'faults',
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 600_000,
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'fault-tests-secret-that-is-long-enough-for-hs256-signing',
    },
  },
});
