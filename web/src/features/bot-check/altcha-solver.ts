/**
 * The browser's side of the self-hosted proof of work (altcha, challenge from
 * GET /api/bot-check/altcha/challenge): finds the counter whose key starts with the challenge's
 * prefix and builds the token the server checks (apps/api/src/bot-check/altcha-check.ts). Written
 * here on Web Crypto instead of loading the altcha widget: the same algorithm (altcha-lib's
 * SHA-256 proof of work, v2: key = SHA-256 applied `cost` times to salt ‖ nonce ‖ counter as a
 * big-endian uint32) in about 1 KB, where the widget is tens of kilobytes.
 */

/** The challenge as the server sends it (the fields the solver reads are typed). */
export type AltchaChallenge = {
  parameters: { algorithm: string; nonce: string; salt: string; cost: number; keyLength?: number; keyPrefix: string; expiresAt?: number; [key: string]: unknown };
  signature?: string;
  [key: string]: unknown;
};

export type AltchaSolution = { counter: number; derivedKey: string; time: number };

const ALGORITHMS: Record<string, string> = { 'SHA-256': 'SHA-256', 'SHA-384': 'SHA-384', 'SHA-512': 'SHA-512' };
/** Digests started together: Web Crypto's promises overlap, so a batch costs about as much as a few one at a time. */
const BATCH = 256;
/** Gives up past this counter (the server draws it far below). */
const MAX_COUNTER = 5_000_000;

function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new Error('altcha: not hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** The key for one counter. */
async function deriveKey(subtle: SubtleCrypto, algorithm: string, salt: Uint8Array, nonce: Uint8Array, counter: number, cost: number, keyLength: number): Promise<Uint8Array> {
  const data = new Uint8Array(salt.length + nonce.length + 4);
  data.set(salt, 0);
  data.set(nonce, salt.length);
  new DataView(data.buffer).setUint32(salt.length + nonce.length, counter, false);
  let key = new Uint8Array(await subtle.digest(algorithm, data));
  for (let i = 1; i < cost; i++) key = new Uint8Array(await subtle.digest(algorithm, key));
  return key.subarray(0, keyLength);
}

/**
 * Solves the challenge; rejects when it cannot be (unknown algorithm, no solution in range) or
 * when `signal` aborts. `subtle` is the page's Web Crypto unless given.
 */
export async function solveAltcha(challenge: AltchaChallenge, options: { signal?: AbortSignal; subtle?: SubtleCrypto } = {}): Promise<AltchaSolution> {
  const subtle = options.subtle ?? globalThis.crypto?.subtle;
  if (!subtle) throw new Error('altcha: Web Crypto is not available (the page must be served over HTTPS or from localhost)');
  const { algorithm, nonce, salt, cost, keyPrefix } = challenge.parameters;
  const hash = ALGORITHMS[algorithm];
  if (!hash) throw new Error(`altcha: algorithm ${algorithm} is not supported`);
  const keyLength = challenge.parameters.keyLength ?? 32;
  const prefix = keyPrefix.toLowerCase();
  const saltBytes = hexToBytes(salt);
  const nonceBytes = hexToBytes(nonce);
  const rounds = Math.max(1, Math.floor(cost));
  const started = Date.now();
  for (let base = 0; base < MAX_COUNTER; base += BATCH) {
    if (options.signal?.aborted) throw new DOMException('The bot check was stopped.', 'AbortError');
    const keys = await Promise.all(Array.from({ length: BATCH }, (_, i) => deriveKey(subtle, hash, saltBytes, nonceBytes, base + i, rounds, keyLength)));
    for (let i = 0; i < keys.length; i++) {
      const hex = bytesToHex(keys[i]!);
      if (hex.startsWith(prefix)) return { counter: base + i, derivedKey: hex, time: Date.now() - started };
    }
  }
  throw new Error('altcha: no solution found');
}

/** What the form sends as `captchaKey`: base64 of the challenge and its solution (the altcha widget's payload). */
export function altchaToken(challenge: AltchaChallenge, solution: AltchaSolution): string {
  const json = JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution });
  return btoa(String.fromCharCode(...new TextEncoder().encode(json)));
}
