import type { DomainError } from '../shared/decider';
import type { OwnerAccountCommand } from './commands';
import type { OwnerAccountEvent } from './events';
import { ownerAccountDecider } from './owner-account-decider';
import { ownerSummary } from './owner-summary';

const now = '2026-11-23T10:00:00.000Z';
const given = (events: OwnerAccountEvent[]) => events.reduce(ownerAccountDecider.evolve, ownerAccountDecider.initialState());

const registered: OwnerAccountEvent = {
  type: 'OwnerAccountRegistered',
  data: { ownerId: 'owner-1', email: 'ada@example.com', passwordHash: 'hash-1', roles: ['editor'], registeredAt: 't0' },
};
const register = (over: Partial<Extract<OwnerAccountCommand, { type: 'RegisterOwnerAccount' }>['data']> = {}): OwnerAccountCommand => ({
  type: 'RegisterOwnerAccount',
  data: { ownerId: 'owner-1', email: 'ada@example.com', passwordHash: 'hash-1', roles: ['editor'], now, ...over },
});

type Row = [name: string, given: OwnerAccountEvent[], when: OwnerAccountCommand, then: OwnerAccountEvent[] | DomainError['code']];

const table: Row[] = [
  ['registers a new email', [], register(), [{ ...registered, data: { ...registered.data, registeredAt: now } }]],
  [
    'stores the email lowercased and trimmed, roles in SPEC order without repeats',
    [],
    register({ email: '  Ada@Example.COM ', roles: ['viewer', 'admin', 'viewer'] }),
    [{ type: 'OwnerAccountRegistered', data: { ownerId: 'owner-1', email: 'ada@example.com', passwordHash: 'hash-1', roles: ['admin', 'viewer'], registeredAt: now } }],
  ],
  [
    'accepts role numbers from the SPEC list',
    [],
    register({ roles: [8, 3] }),
    [{ type: 'OwnerAccountRegistered', data: { ...registered.data, roles: ['reporting', 'store manager'], registeredAt: now } }],
  ],
  ['refuses an email registered before', [registered], register({ ownerId: 'owner-2' }), 'OWNER_ALREADY_EXISTS'],
  ['refuses an email without a domain', [], register({ email: 'ada' }), 'INVALID_EMAIL'],
  ['refuses an email with a 1-letter ending', [], register({ email: 'ada@example.c' }), 'INVALID_EMAIL'],
  ['refuses an email with a 5-letter ending', [], register({ email: 'ada@example.abcde' }), 'INVALID_EMAIL'],
  ['refuses an email longer than 256 characters', [], register({ email: `${'a'.repeat(250)}@ex.com` }), 'INVALID_EMAIL'],
  ['refuses an empty email (what a request with no text there becomes)', [], register({ email: '' }), 'INVALID_EMAIL'],
  ['refuses an empty role list', [], register({ roles: [] }), 'INVALID_ROLES'],
  ['refuses an unknown role', [], register({ roles: ['owner'] }), 'INVALID_ROLES'],
  ['refuses a role number the SPEC does not show', [], register({ roles: [5] }), 'INVALID_ROLES'],
  [
    'changes the password of a registered owner',
    [registered],
    { type: 'ChangeOwnerPassword', data: { passwordHash: 'hash-2', now } },
    [{ type: 'OwnerPasswordChanged', data: { ownerId: 'owner-1', passwordHash: 'hash-2', changedAt: now } }],
  ],
  ['refuses a password change for an unknown email', [], { type: 'ChangeOwnerPassword', data: { passwordHash: 'hash-2', now } }, 'OWNER_NOT_FOUND'],
  [
    'changes roles',
    [registered],
    { type: 'ChangeOwnerRoles', data: { roles: ['store manager', 'editor'], now } },
    [{ type: 'OwnerRolesChanged', data: { ownerId: 'owner-1', roles: ['editor', 'store manager'], changedAt: now } }],
  ],
  ['records nothing when the roles stay the same', [registered], { type: 'ChangeOwnerRoles', data: { roles: ['editor'], now } }, []],
  ['refuses unknown roles on a change', [registered], { type: 'ChangeOwnerRoles', data: { roles: ['root'], now } }, 'INVALID_ROLES'],
  ['refuses a role change for an unknown email', [], { type: 'ChangeOwnerRoles', data: { roles: ['admin'], now } }, 'OWNER_NOT_FOUND'],
];

describe('owner account decide: given events, when a command, then', () => {
  it.each(table)('%s', (_name, past, command, expected) => {
    const decision = ownerAccountDecider.decide(command, given(past));
    if (typeof expected === 'string') {
      expect(decision).toEqual({ ok: false, error: expect.objectContaining({ code: expected }) });
    } else {
      expect(decision).toEqual({ ok: true, events: expected });
    }
  });

  it("uses the editor's wording for an invalid email", () => {
    expect(ownerAccountDecider.decide(register({ email: 'nope' }), given([]))).toEqual({
      ok: false,
      error: { code: 'INVALID_EMAIL', message: 'Please enter a valid email' },
    });
  });
});

describe('owner account evolve', () => {
  it('folds registration, password and role changes', () => {
    const state = given([
      registered,
      { type: 'OwnerPasswordChanged', data: { ownerId: 'owner-1', passwordHash: 'hash-2', changedAt: 't1' } },
      { type: 'OwnerRolesChanged', data: { ownerId: 'owner-1', roles: ['admin'], changedAt: 't2' } },
    ]);
    expect(state).toEqual({ status: 'registered', ownerId: 'owner-1', email: 'ada@example.com', passwordHash: 'hash-2', roles: ['admin'], registeredAt: 't0' });
    expect(ownerSummary(state)).toEqual({ id: 'owner-1', email: 'ada@example.com', roles: ['admin'], registeredAt: 't0' });
  });

  it('ignores events that do not apply (a change before registration, a second registration)', () => {
    expect(given([{ type: 'OwnerRolesChanged', data: { ownerId: 'x', roles: ['admin'], changedAt: 't' } }])).toEqual({ status: 'unregistered' });
    const twice = given([registered, { ...registered, data: { ...registered.data, ownerId: 'owner-2' } }]);
    expect(twice.status === 'registered' && twice.ownerId).toBe('owner-1');
    expect(ownerSummary(given([]))).toBeNull();
  });
});
