// npm test: unit and API tests (vitest), then browser tests (Playwright), then one summary line.
// Both suites run even when the first fails, so one run shows every failure. A test that failed and
// passed on its retry (CI retries once) is flaky: it fails the run and is named, as a failure is —
// a race that fails one run in two must not go green.
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

interface PlaywrightSuite {
  file?: string;
  title?: string;
  specs?: { title: string; tests?: { status: string; results?: { error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
}

// `npm test -- unit` or `npm test -- e2e`; what follows goes to that runner (files, -t, --grep …),
// e.g. `npm test -- unit tests/api/hearts.test.ts`
const only = ['unit', 'e2e'].includes(process.argv[2] ?? '') ? process.argv[2] : undefined;
const extra = only ? process.argv.slice(3) : [];
let failedSuites = 0;
let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
const failures: string[] = []; // named again at the very end, where a CI log's tail shows them
const flakes: string[] = [];

if (only !== 'e2e') {
  fs.rmSync('test-results/vitest-flaky.json', { force: true });
  const status = run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    '--outputFile=test-results/vitest.json',
    '--reporter=./tests/helpers/flaky-reporter.ts',
    ...extra,
  ]);
  const report = readJson('test-results/vitest.json');
  if (status !== 0) failedSuites++;
  const vitestFlaky: { file: string; name: string; retries: number; errors: string[] }[] | undefined = readJson('test-results/vitest-flaky.json');
  if (vitestFlaky === undefined) failedSuites++; // the reporter did not run: flakiness unknown
  for (const test of vitestFlaky ?? []) flakes.push(`vitest › ${test.file} › ${test.name} (passed on retry ${test.retries})\n    ${test.errors[0] ?? ''}`);
  flaky += vitestFlaky?.length ?? 0;
  passed += (report?.numPassedTests ?? 0) - (vitestFlaky?.length ?? 0);
  failed += report?.numFailedTests ?? (status === 0 ? 0 : 1);
  skipped += (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
  for (const file of report?.testResults ?? [])
    for (const test of file.assertionResults ?? [])
      if (test.status === 'failed') failures.push(`vitest › ${String(file.name).replace(`${process.cwd()}/`, '')} › ${test.fullName}\n    ${String(test.failureMessages?.[0] ?? '').split('\n')[0]}`);
}
if (only !== 'unit') {
  const status = run('npx', ['playwright', 'test', '--reporter=list,json', ...extra], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json',
  });
  const stats = readJson('test-results/playwright.json')?.stats;
  if (status !== 0) failedSuites++;
  passed += stats?.expected ?? 0;
  flaky += stats?.flaky ?? 0;
  failed += stats?.unexpected ?? (status === 0 ? 0 : 1);
  skipped += stats?.skipped ?? 0;
  const walk = (suite: PlaywrightSuite, file: string) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') failures.push(`playwright › ${file} › ${spec.title}\n    ${String(test.results?.at(-1)?.error?.message ?? '').split('\n')[0]}`);
        else if (test.status === 'flaky') flakes.push(`playwright › ${file} › ${spec.title} (passed on retry)\n    ${String(test.results?.find((r) => r.error)?.error?.message ?? '').split('\n')[0]}`);
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of readJson('test-results/playwright.json')?.suites ?? []) walk(suite, suite.file ?? suite.title);
}

if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
if (flakes.length) console.log(`\nFlaky (failed, then passed on retry — a failure all the same):\n${flakes.map((f) => `  ${f}`).join('\n')}`);
// flaky tests are counted as failed: the closing line must not say all passed
if (flaky) console.log(`\n${flaky} flaky test${flaky === 1 ? '' : 's'} counted as failed.`);
console.log(`\nTests: ${passed} passed, ${failed + flaky} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSuites > 0 || failed > 0 || flaky > 0 ? 1 : 0);
