import { ScryptPasswordHasher } from './password-hasher';

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
