// Prints the plain closing line CI reads: "N passed, N failed" (", N skipped" when any). Before it,
// how long the run took for its profile and its ten slowest files: CI has a fixed time, and the
// files that spend it are the first place to look when a change makes the suite slower.
import type { Reporter, TestModule } from "vitest/node";

const SLOWEST = 10;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class SummaryLineReporter implements Reporter {
  private startedAt = Date.now();

  onTestRunStart() {
    this.startedAt = Date.now();
  }

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
    process.stdout.write(durations(modules, Date.now() - this.startedAt));
    process.stdout.write(`\n${counts.passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
  }
}

/** The run's time for its profile, and the files that took longest (their tests, hooks and set-up). */
function durations(modules: ReadonlyArray<TestModule>, total: number): string {
  const profile = process.env.TEST_PROFILE ?? "embedded";
  const timed = modules
    .map((module) => {
      const diagnostic = module.diagnostic();
      // a file two projects run (the MCP door's) is named with the project of the second run
      const project = module.project.name === "suite" ? "" : ` (${module.project.name})`;
      return { file: `${module.relativeModuleId}${project}`, ms: diagnostic.duration + diagnostic.setupDuration };
    })
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SLOWEST);
  const lines = timed.map(({ file, ms }) => `  ${seconds(ms).padStart(8)}  ${file}`);
  return `\n[tests] profile ${profile}: ${seconds(total)} in all; the ${timed.length} slowest files:\n${lines.join("\n")}\n`;
}
