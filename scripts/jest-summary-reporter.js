/**
 * Prints one plain closing line, `N passed, N failed[, N skipped]`, as the very last output of a
 * Jest run (on exit, so it follows Jest's own summary).
 */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const line = `${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    process.once('exit', () => process.stderr.write(`\n${line}\n`));
  }
}
module.exports = SummaryReporter;
