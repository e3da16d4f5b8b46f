import { Injectable, Module, type DynamicModule } from '@nestjs/common';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Turns passwords into self-describing hash strings and checks passwords against them. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a hash it cannot read; never throws for either. */
  verify(password: string, hash: string): Promise<boolean>;
}

export const PASSWORD_HASHER = Symbol('PASSWORD_HASHER');
/** The scrypt cost of the hashes PASSWORD_HASHER makes, when an app is given one (see PasswordHashingModule.withCost). */
const SCRYPT_COST = Symbol('SCRYPT_COST');

export type ScryptParameters = { logN: number; r: number; p: number };

/**
 * OWASP's scrypt setting of equal strength to N=2^17,r=8,p=1 with a quarter of the memory
 * (32 MiB per hash), so a few concurrent sign-ins stay cheap on small machines.
 */
export const DEFAULT_SCRYPT: ScryptParameters = { logN: 15, r: 8, p: 3 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Refuse to work through hashes whose parameters would cost absurd memory or time. */
const MAX_LOG_N = 20;

function derive(password: string, salt: Buffer, { logN, r, p }: ScryptParameters, keyLength: number): Promise<Buffer> {
  const N = 2 ** logN;
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 + 1024 * 1024 };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))));
}

/**
 * Default hasher: scrypt (node:crypto, no native add-on) with a random 16-byte salt per hash.
 * Format, PHC-style: `$scrypt$ln=15,r=8,p=3$<salt base64>$<key base64>`, so parameters can be
 * raised later and old hashes still verify.
 */
@Injectable()
export class ScryptPasswordHasher implements PasswordHasher {
  constructor(private readonly parameters: ScryptParameters = DEFAULT_SCRYPT) {
    // Only hashes verify() reads back.
    const { logN, r, p } = parameters;
    const whole = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
    if (!whole(logN, MAX_LOG_N) || !whole(r, 99) || !whole(p, 99)) throw new Error(`scrypt parameters out of range: ${JSON.stringify(parameters)}`);
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await derive(password, salt, this.parameters, KEY_LENGTH);
    const { logN, r, p } = this.parameters;
    return `$scrypt$ln=${logN},r=${r},p=${p}$${salt.toString('base64')}$${key.toString('base64')}`;
  }

  async verify(password: string, hash: string): Promise<boolean> {
    const parsed = parseHash(hash);
    if (!parsed) return false;
    const key = await derive(password, parsed.salt, parsed.parameters, parsed.key.length);
    return timingSafeEqual(key, parsed.key);
  }
}

function parseHash(hash: string): { parameters: ScryptParameters; salt: Buffer; key: Buffer } | null {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+=*)\$([A-Za-z0-9+/]+=*)$/.exec(hash);
  if (!match) return null;
  const [logN, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (logN < 1 || logN > MAX_LOG_N || r < 1 || p < 1) return null;
  const salt = Buffer.from(match[4]!, 'base64');
  const key = Buffer.from(match[5]!, 'base64');
  if (key.length < 16) return null;
  return { parameters: { logN, r, p }, salt, key };
}

@Module({})
class PasswordHashCostModule {}

/**
 * Provides PASSWORD_HASHER to the contexts that hash or check passwords (owner accounts, locked
 * pages): scrypt at DEFAULT_SCRYPT, or at the cost the app was built with (`withCost`). Whatever
 * the cost, the hashes are scrypt and say their parameters, so every instance verifies every hash.
 */
@Module({
  providers: [
    {
      provide: PASSWORD_HASHER,
      useFactory: (cost?: ScryptParameters) => new ScryptPasswordHasher(cost ?? DEFAULT_SCRYPT),
      inject: [{ token: SCRYPT_COST, optional: true }],
    },
  ],
  exports: [PASSWORD_HASHER],
})
export class PasswordHashingModule {
  /**
   * Makes the whole app hash at `cost` instead of DEFAULT_SCRYPT (a global module; createApp's
   * `passwordHashCost`, which only code passes: the HTTP tests, whose sign-ins would otherwise
   * spend most of their time in scrypt). No setting chooses it.
   */
  static withCost(cost: ScryptParameters): DynamicModule {
    return { module: PasswordHashCostModule, global: true, providers: [{ provide: SCRYPT_COST, useValue: cost }], exports: [SCRYPT_COST] };
  }
}
