// A vitest reporter that writes the tests that passed only on a retry (flaky) to a JSON file: vitest
// counts them as passed, and its JSON report does not say that a retry was needed. `npm test`
// (scripts/run-tests.ts) reads the file, names each one and fails the run: a race that fails one run
// in two must not go green on its retry.
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

export default class FlakyReporter implements Reporter {
  private readonly flaky: { file: string; name: string; retries: number; errors: string[] }[] = [];

  private readonly outputFile = process.env.VITEST_FLAKY_FILE ?? 'test-results/vitest-flaky.json';

  onTestCaseResult(testCase: TestCase) {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic?.flaky) return;
    this.flaky.push({
      file: path.relative(process.cwd(), testCase.module.moduleId),
      name: `${testCase.project.name} › ${testCase.fullName}`,
      retries: diagnostic.retryCount,
      errors: (testCase.result().errors ?? []).map((e) => String(e.message).split('\n')[0]!),
    });
  }

  onTestRunEnd() {
    fs.mkdirSync(path.dirname(this.outputFile), { recursive: true });
    fs.writeFileSync(this.outputFile, JSON.stringify(this.flaky, null, 2));
  }
}
