import { Logger } from '@nestjs/common';

/**
 * How the demo's seeders tell of a long step of a first start (seeding the store and the site,
 * drawing the images): `step` when it begins, the function it returns when it is done. `npm start`
 * prints both to the terminal as they happen (`… seeding the demo store`, then `✓ demo store
 * seeded: 12 products (2.1 s)`; see DemoModule.printingProgress); elsewhere (tests, benchmarks)
 * the end is a log line with the step's duration.
 */
export type StartProgress = {
  step(beginning: string, context: string): (done: string) => void;
};

export const START_PROGRESS = Symbol('START_PROGRESS');

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** The end of each step as a log line, e.g. `seeded the demo store: 12 products (2.1 s)`. */
export const LOGGED_PROGRESS: StartProgress = {
  step(_beginning, context) {
    const started = performance.now();
    return (done) => new Logger(context).log(`${done} (${seconds(performance.now() - started)})`);
  },
};

/** Each step as two lines written at once: `… <beginning>` and `✓ <done> (2.1 s)`. */
export function printedProgress(write: (text: string) => void): StartProgress {
  return {
    step(beginning) {
      const started = performance.now();
      write(`… ${beginning}\n`);
      return (done) => write(`✓ ${done} (${seconds(performance.now() - started)})\n`);
    },
  };
}
