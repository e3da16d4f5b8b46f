#!/usr/bin/env node
import { runCli } from './run-cli';

/** Entry point of `npm run cli -- <command>` (compiled to apps/cli/dist/main.js). */
runCli(process.argv.slice(2)).then(
  (result) => {
    if (result.output) (result.exitCode === 0 ? process.stdout : process.stderr).write(`${result.output}\n`);
    process.exitCode = result.exitCode;
  },
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  },
);
