import type { ExpectedVersion } from './types';

/** The stream was not at the expected version: reload, decide again, retry. */
export class ConcurrencyError extends Error {
  readonly name = 'ConcurrencyError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | null,
  ) {
    super(`Stream ${streamId} expected at version ${String(expected)} but was at ${actual ?? 'unknown'}`);
  }
}
