// npm test: unit and API tests (vitest), then browser tests (Playwright), then one summary line.
// Both suites run even when the first fails, so one run shows every failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

fs.mkdirSync('test-results', { recursive: true });
const run = (command: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const readJson = (file: string) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

const only = process.argv[2]; // `npm test -- unit` or `npm test -- e2e`
let failedSuites = 0;
let passed = 0;
let failed = 0;
let skipped = 0;

if (only !== 'e2e') {
  const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json']);
  const report = readJson('test-results/vitest.json');
  if (status !== 0) failedSuites++;
  passed += report?.numPassedTests ?? 0;
  failed += report?.numFailedTests ?? (status === 0 ? 0 : 1);
  skipped += (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
}
if (only !== 'unit') {
  const status = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json',
  });
  const stats = readJson('test-results/playwright.json')?.stats;
  if (status !== 0) failedSuites++;
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += stats?.unexpected ?? (status === 0 ? 0 : 1);
  skipped += stats?.skipped ?? 0;
}

console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSuites > 0 || failed > 0 ? 1 : 0);
