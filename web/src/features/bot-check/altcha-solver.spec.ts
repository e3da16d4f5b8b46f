import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { webcrypto } from 'node:crypto';
import { altchaToken, solveAltcha, type AltchaChallenge } from './altcha-solver';

const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const SECRET = 'a-test-signature-secret';
const KEY_SECRET = 'a-test-key-signature-secret';

/** A challenge as the server makes it (apps/api/src/bot-check/altcha-check.ts: SHA-256, cost 1, a counter drawn in a range). */
const serverChallenge = (counter: number, cost = 1) =>
  createChallenge({
    algorithm: 'SHA-256', cost, counter, deriveKey, expiresAt: Math.floor(Date.now() / 1000) + 600, hmacSignatureSecret: SECRET, hmacKeySignatureSecret: KEY_SECRET,
  }) as Promise<AltchaChallenge>;

describe('the browser altcha solver agrees with altcha-lib (the server)', () => {
  it.each([0, 1, 255, 256, 4_321, randomInt(20_000, 5_000)])('finds counter %i, and the server accepts the token', async (counter) => {
    const challenge = await serverChallenge(counter);
    const solution = await solveAltcha(challenge, { subtle });
    expect(solution.counter).toBe(counter);
    const payload = JSON.parse(Buffer.from(altchaToken(challenge, solution), 'base64').toString('utf8'));
    const result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: SECRET, hmacKeySignatureSecret: KEY_SECRET });
    expect(result).toMatchObject({ verified: true, expired: false });
  });

  it('applies the cost (repeated hashing) as the server does', async () => {
    const challenge = await serverChallenge(300, 3);
    const solution = await solveAltcha(challenge, { subtle });
    const result = await verifySolution({ challenge: challenge as never, solution, deriveKey, hmacSignatureSecret: SECRET, hmacKeySignatureSecret: KEY_SECRET });
    expect(result.verified).toBe(true);
  });

  it('stops when aborted, and refuses an algorithm it does not know', async () => {
    const challenge = await serverChallenge(50_000);
    const controller = new AbortController();
    const solving = solveAltcha(challenge, { subtle, signal: controller.signal });
    controller.abort();
    await expect(solving).rejects.toMatchObject({ name: 'AbortError' });
    await expect(solveAltcha({ ...challenge, parameters: { ...challenge.parameters, algorithm: 'ARGON2ID' } }, { subtle })).rejects.toThrow(/not supported/);
  });

  it('encodes a token the server can read even with non-ASCII data', async () => {
    const challenge = await serverChallenge(3);
    const token = altchaToken({ ...challenge, parameters: { ...challenge.parameters, data: { note: 'héllo ✓' } } }, { counter: 3, derivedKey: 'ab', time: 1 });
    expect(JSON.parse(Buffer.from(token, 'base64').toString('utf8')).challenge.parameters.data).toEqual({ note: 'héllo ✓' });
  });
});
