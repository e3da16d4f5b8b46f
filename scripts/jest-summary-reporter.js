/**
 * Prints the slowest suites (where a run's time goes, also in CI's log) and then one plain
 * closing line, `N passed, N failed[, N skipped]`, as the very last output of a Jest run (on exit,
 * so it follows Jest's own summary).
 */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const line = `${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    const timed = results.testResults
      .map((r) => ({ path: r.testFilePath.slice(process.cwd().length + 1), seconds: (r.perfStats.end - r.perfStats.start) / 1000 }))
      .filter((r) => r.seconds > 0);
    const total = timed.reduce((sum, r) => sum + r.seconds, 0);
    const slowest = timed.sort((a, b) => b.seconds - a.seconds).slice(0, 15);
    // CI collects every run's suite times (SUITE_TIMES_FILE) to print the slowest of all runs at its end.
    if (process.env.SUITE_TIMES_FILE) {
      require('node:fs').appendFileSync(process.env.SUITE_TIMES_FILE, timed.map((r) => `${r.seconds.toFixed(1)}\t${r.path}\n`).join(''));
    }
    process.once('exit', () => {
      if (slowest.length > 0) {
        process.stderr.write(`\nSlowest suites (of ${total.toFixed(0)} s in all suites):\n`);
        for (const r of slowest) process.stderr.write(`  ${r.seconds.toFixed(1).padStart(7)} s  ${r.path}\n`);
      }
      process.stderr.write(`\n${line}\n`);
    });
  }
}
module.exports = SummaryReporter;
