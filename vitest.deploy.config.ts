import { defineConfig } from 'vitest/config';

// `npm run test:deploy`: the deployment recipe of deploy/ checked with the tools it is written for
// (nginx, systemd-analyze), which `npm test` does not require. CI installs nginx and runs it.
export default defineConfig({
  test: {
    name: 'deploy',
    include: ['tests/deploy/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
  },
});
