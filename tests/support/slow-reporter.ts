import { relative } from "node:path";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Beside "list" in playwright.config.ts: at the end of the run, the tests that
 * took more than a third of their timeout (the budget: a slower machine must
 * still pass), then the ten slowest, each with its time. One line a test, so
 * the CI log shows where the time went without a trace viewer.
 */
const SLOWEST = 10;

interface Run {
  title: string;
  ms: number;
  timeout: number;
  status: TestResult["status"];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;

export default class SlowReporter implements Reporter {
  private runs: Run[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === "skipped") return;
    const [, project, , ...titles] = test.titlePath();
    const where = `${relative(process.cwd(), test.location.file)}:${test.location.line}`;
    this.runs.push({
      title: `[${project}] ${where} › ${titles.join(" › ")}${result.retry ? ` (retry ${result.retry})` : ""}`,
      ms: result.duration,
      timeout: test.timeout,
      status: result.status,
    });
  }

  onEnd(_result: FullResult) {
    if (this.runs.length === 0) return;
    const line = (r: Run) =>
      `  ${seconds(r.ms).padStart(6)} of ${seconds(r.timeout).padStart(5)}  ${r.title}${r.status === "passed" ? "" : ` [${r.status}]`}`;
    const slowest = [...this.runs].sort((a, b) => b.ms - a.ms);
    const overBudget = slowest.filter((r) => r.timeout > 0 && r.ms > r.timeout / 3);
    console.log("");
    if (overBudget.length > 0) {
      console.log(`Slow: ${overBudget.length} test(s) took more than a third of their timeout:`);
      for (const r of overBudget) console.log(line(r));
    } else {
      console.log("Slow: no test took more than a third of its timeout.");
    }
    console.log(`The ${Math.min(SLOWEST, slowest.length)} slowest:`);
    for (const r of slowest.slice(0, SLOWEST)) console.log(line(r));
  }

  printsToStdio() {
    return false;
  }
}
