// Prints the plain closing line CI reads: "N passed, N failed" (", N skipped" when any).
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryLineReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>) {
    const counts = { passed: 0, failed: 0, skipped: 0, pending: 0 };
    for (const module of modules) {
      for (const test of module.children.allTests()) counts[test.result().state] += 1;
    }
    // an error outside any test (a broken file, a failed setup) is a failure too
    const failed =
      counts.failed +
      errors.length +
      modules.filter((module) => module.state() === "failed" && ![...module.children.allTests()].length).length;
    const skipped = counts.skipped + counts.pending;
    process.stdout.write(`\n${counts.passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
  }
}
