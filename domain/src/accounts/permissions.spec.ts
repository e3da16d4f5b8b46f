import { ALL_PERMISSIONS, hasPermission, isPermission, permissionsOf, ROLE_PERMISSIONS, rolesWith, type Permission } from './permissions';
import { OWNER_ROLES } from './roles';

describe('the permission table', () => {
  it('has a row for each contributor role of the SPEC, and the admin may do everything (SPEC section 6)', () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...OWNER_ROLES].sort());
    expect(ROLE_PERMISSIONS.admin).toEqual(ALL_PERMISSIONS);
  });

  it('gives every role site.view, and names only known capabilities, each once', () => {
    for (const role of OWNER_ROLES) {
      expect(ROLE_PERMISSIONS[role]).toContain('site.view');
      expect(ROLE_PERMISSIONS[role].every(isPermission)).toBe(true);
      expect(new Set(ROLE_PERMISSIONS[role]).size).toBe(ROLE_PERMISSIONS[role].length);
    }
  });

  it.each<[string[], Permission, boolean]>([
    [['store manager'], 'pages.edit', false],
    [['store manager'], 'navigation.edit', false],
    [['store manager'], 'settings.edit', false],
    [['store manager'], 'products.manage', true],
    [['store manager'], 'orders.manage', true],
    [['store manager'], 'media.manage', true],
    [['editor'], 'pages.edit', true],
    [['editor'], 'products.view', true],
    [['editor'], 'products.manage', false],
    [['editor'], 'orders.manage', false],
    [['editor'], 'blocks.code', false],
    [['viewer'], 'site.view', true],
    [['viewer'], 'media.manage', false],
    [['reporting'], 'analytics.view', true],
    [['editor', 'store manager'], 'orders.manage', true],
    [['editor', 'store manager'], 'accounts.manage', false],
    [['admin'], 'blocks.code', true],
    [['root'], 'site.view', false],
    [[], 'site.view', false],
  ])('holding %p, %s is allowed: %p', (roles, permission, allowed) => {
    expect(hasPermission(roles, permission)).toBe(allowed);
    expect(permissionsOf(roles).includes(permission)).toBe(allowed);
  });

  it('keeps raw markup, accounts and the health details to the admin alone', () => {
    for (const permission of ['blocks.code', 'accounts.manage', 'health.details', 'mail.view', 'mail.manage'] as const) expect(rolesWith(permission)).toEqual(['admin']);
  });

  it('gives each capability to the admin and, except the admin-only ones, to at least one other role', () => {
    for (const permission of ALL_PERMISSIONS) {
      expect(rolesWith(permission)[0]).toBe('admin');
      if (!['blocks.code', 'accounts.manage', 'health.details', 'mail.view', 'mail.manage'].includes(permission)) expect(rolesWith(permission).length).toBeGreaterThan(1);
    }
  });

  it('merges the capabilities of several roles in the table’s order', () => {
    expect(permissionsOf(['store manager', 'reporting'])).toEqual(['site.view', 'media.manage', 'products.view', 'products.manage', 'orders.manage', 'restock.manage', 'analytics.view']);
    expect(permissionsOf(['viewer', 'nobody'])).toEqual(['site.view']);
  });
});
