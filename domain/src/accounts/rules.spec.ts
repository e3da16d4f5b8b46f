import { isValidEmail, normalizeEmail } from './email';
import { checkNewPassword, MIN_PASSWORD_LENGTH } from './password-policy';
import { OWNER_ROLE_NUMBERS, parseOwnerRoles, roleByNumber } from './roles';
import { ownerAccountStreamId } from './events';

describe('email check (SPEC: 3 to 256 characters, user@domain with a 2-4 character ending)', () => {
  it.each([
    ['a@b.co', true],
    ['first.last+tag@sub.example.info', true],
    ['ADA@EXAMPLE.COM', true],
    ['a@b.c', false],
    ['a@b.abcde', false],
    ['a@b', false],
    ['@b.com', false],
    ['a b@c.com', false],
    ['a@@b.com', false],
    ['', false],
    [`${'a'.repeat(249)}@b.co.uk`, false],
    [`${'a'.repeat(248)}@b.co.uk`, true],
    [null, false],
    ['<script>alert(1)</script>@x.com', false],
    ['a"b@x.com', false],
    ["a'b@x.com", false],
    ['a\u0000b@x.com', false],
    ['a@-x.com', false],
    ['a@x-.com', false],
    ['a@x..com', false],
    ['a@x.c0m', false],
    ['o_k%1-2@my-shop.example.de', true],
  ])('%p is valid: %p', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  it('normalizes case and surrounding space; the stream id follows', () => {
    expect(normalizeEmail('  Ada@Example.com ')).toBe('ada@example.com');
    expect(ownerAccountStreamId('Ada@Example.com')).toBe('owner-account-ada@example.com');
  });
});

describe('new password policy', () => {
  it.each([
    ['', 'PASSWORD_TOO_SHORT'],
    ['a'.repeat(MIN_PASSWORD_LENGTH - 1), 'PASSWORD_TOO_SHORT'],
    [undefined, 'PASSWORD_TOO_SHORT'],
    ['a'.repeat(MIN_PASSWORD_LENGTH), null],
    ['correct horse battery staple', null],
    ['a'.repeat(1025), 'PASSWORD_TOO_LONG'],
  ])('%p gives %p', (password, code) => {
    expect(checkNewPassword(password)?.code ?? null).toBe(code);
  });
});

describe('contributor roles (SPEC section 3)', () => {
  it('has the SPEC numbers', () => {
    expect(OWNER_ROLE_NUMBERS).toEqual({
      admin: 1, billing: 2, reporting: 3, editor: 4, moderator: 6, commenter: 7, 'store manager': 8, scheduling: 9, viewer: 10,
    });
    expect(roleByNumber(8)).toBe('store manager');
    expect(roleByNumber(5)).toBeUndefined();
  });

  it.each([
    [['editor'], ['editor']],
    [[1, 'viewer'], ['admin', 'viewer']],
    [[], null],
    ['admin', null],
    [['admin', 'god'], null],
  ])('parses %p as %p', (raw, roles) => {
    expect(parseOwnerRoles(raw)).toEqual(roles);
  });
});
