import type { Reporter, TestCase, Vitest } from "vitest/node";

/**
 * Beside "verbose" in `npm run test:unit`: at the end of the run, the tests
 * that took more than a third of their timeout, each with its time (the
 * verbose list marks them only by colour, which a CI log loses).
 */
interface Slow {
  title: string;
  ms: number;
  timeout: number;
}

export default class SlowTests implements Reporter {
  private defaultTimeout = 5_000;
  private log: (line: string) => void = (line) => console.log(line);
  private slow: Slow[] = [];

  onInit(vitest: Vitest) {
    this.defaultTimeout = vitest.config.testTimeout;
    this.log = (line) => vitest.logger.log(line);
  }

  onTestCaseResult(test: TestCase) {
    const ms = test.diagnostic()?.duration ?? 0;
    const timeout = test.options.timeout ?? this.defaultTimeout;
    if (timeout > 0 && ms > timeout / 3)
      this.slow.push({ title: `${test.module.moduleId.replace(`${process.cwd()}/`, "")} › ${test.fullName}`, ms, timeout });
  }

  onTestRunEnd() {
    if (this.slow.length === 0) return;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;
    this.log(`\nSlow: ${this.slow.length} test(s) took more than a third of their timeout:`);
    for (const s of this.slow.sort((a, b) => b.ms - a.ms))
      this.log(`  ${seconds(s.ms).padStart(6)} of ${seconds(s.timeout).padStart(5)}  ${s.title}`);
  }
}
