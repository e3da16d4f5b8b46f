/**
 * `npm run conformance -- <dir>`: renders every fixture under <dir> through the site's template
 * renderer and prints one line per fixture and `N passed, M failed` last. Exit status 1 when a
 * fixture fails that is not a known exception, 2 on bad usage.
 */
import { resolve } from 'node:path';
import { formatReport, isDirectory, runConformance } from './runner';

function main(argv: string[]): number {
  const dir = argv[0];
  if (!dir || argv.length > 1) {
    console.error('usage: npm run conformance -- <fixtures directory>');
    return 2;
  }
  const path = resolve(dir);
  if (!isDirectory(path)) {
    console.error(`conformance: ${path} is not a directory`);
    return 2;
  }
  const summary = runConformance(path);
  for (const line of formatReport(summary)) console.log(line);
  return summary.failed > 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
