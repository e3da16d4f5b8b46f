import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DEFAULT_SCRYPT, PASSWORD_HASHER, PasswordHashingModule, ScryptPasswordHasher, type PasswordHasher } from './password-hasher';

describe('ScryptPasswordHasher', () => {
  const hasher = new ScryptPasswordHasher();

  it('stores parameters, salt and key in the hash and verifies only the right password', async () => {
    const hash = await hasher.hash('correct horse battery staple');
    expect(hash).toMatch(/^\$scrypt\$ln=15,r=8,p=3\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(await hasher.verify('correct horse battery staple', hash)).toBe(true);
    expect(await hasher.verify('correct horse battery stapl', hash)).toBe(false);
    expect(await hasher.verify('', hash)).toBe(false);
  });

  it('salts randomly: one password, two different hashes', async () => {
    const [a, b] = await Promise.all([hasher.hash('same password here'), hasher.hash('same password here')]);
    expect(a).not.toBe(b);
  });

  it('verifies hashes made with other parameters (they are read from the hash)', async () => {
    const hash = await new ScryptPasswordHasher({ logN: 10, r: 8, p: 1 }).hash('a weaker old hash');
    expect(hash.startsWith('$scrypt$ln=10,r=8,p=1$')).toBe(true);
    expect(await hasher.verify('a weaker old hash', hash)).toBe(true);
  });

  it.each(['', 'plain', '$scrypt$ln=40,r=8,p=1$c2FsdA==$a2V5a2V5a2V5a2V5a2V5a2V5', '$bcrypt$whatever'])('refuses unreadable hash %p without throwing', async (hash) => {
    expect(await hasher.verify('anything at all', hash)).toBe(false);
  });
});

describe('PasswordHashingModule', () => {
  const hasherOf = async (module: Type | DynamicModule): Promise<PasswordHasher> => {
    @Module({ imports: [module, PasswordHashingModule] })
    class App {}
    const app = await NestFactory.createApplicationContext(App, { logger: false });
    try {
      return app.get<PasswordHasher>(PASSWORD_HASHER);
    } finally {
      await app.close();
    }
  };
  const CHEAP = { logN: 4, r: 8, p: 1 };

  it("hashes at production's cost unless the app is built with another: OWASP's scrypt, ln=15,r=8,p=3", async () => {
    expect(DEFAULT_SCRYPT).toEqual({ logN: 15, r: 8, p: 3 });
    @Module({})
    class Nothing {}
    const hash = await (await hasherOf(Nothing)).hash('correct horse battery staple');
    expect(hash).toMatch(/^\$scrypt\$ln=15,r=8,p=3\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
  });

  it('hashes at the cost an app is built with (the HTTP tests), and either hasher verifies the other’s hashes', async () => {
    const cheap = await hasherOf(PasswordHashingModule.withCost(CHEAP));
    const production = new ScryptPasswordHasher();
    const cheapHash = await cheap.hash('seeded once per test run');
    expect(cheapHash.startsWith('$scrypt$ln=4,r=8,p=1$')).toBe(true);
    expect(await production.verify('seeded once per test run', cheapHash)).toBe(true);
    expect(await cheap.verify('seeded once per test run', await production.hash('seeded once per test run'))).toBe(true);
    expect(await cheap.verify('another password', cheapHash)).toBe(false);
  });

  it('refuses a cost whose hashes it could not verify', () => {
    expect(() => new ScryptPasswordHasher({ logN: 0, r: 8, p: 1 })).toThrow(/out of range/);
    expect(() => new ScryptPasswordHasher({ logN: 21, r: 8, p: 1 })).toThrow(/out of range/);
  });
});
