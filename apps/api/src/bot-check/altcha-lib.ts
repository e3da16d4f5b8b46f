/*
 * altcha-lib ships CommonJS builds (its `require` export condition), but its type declarations are
 * only the ES module ones, which a CommonJS file cannot import under `node16` resolution. The
 * types are taken from there and the functions from `require`, which loads the CommonJS build.
 */
import type * as AltchaLib from 'altcha-lib' with { 'resolution-mode': 'import' };
import type * as AltchaSha from 'altcha-lib/algorithms/sha' with { 'resolution-mode': 'import' };

export type { Challenge, Payload } from 'altcha-lib' with { 'resolution-mode': 'import' };

// eslint-disable-next-line @typescript-eslint/no-require-imports
const lib = require('altcha-lib') as typeof AltchaLib;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sha = require('altcha-lib/algorithms/sha') as typeof AltchaSha;

export const { createChallenge, randomInt, solveChallenge, verifySolution } = lib;
export const { deriveKey } = sha;
