/**
 * Contributor roles (SPEC section 3, 'Contributor roles'), with the SPEC's numbers.
 * Numbers 5 and 11-16 exist in the source system but are not shown, so they are not accepted here.
 */
export const OWNER_ROLE_NUMBERS = {
  admin: 1,
  billing: 2,
  reporting: 3,
  editor: 4,
  moderator: 6,
  commenter: 7,
  'store manager': 8,
  scheduling: 9,
  viewer: 10,
} as const;

export type OwnerRole = keyof typeof OWNER_ROLE_NUMBERS;

export const OWNER_ROLES = Object.keys(OWNER_ROLE_NUMBERS) as OwnerRole[];

export function isOwnerRole(value: unknown): value is OwnerRole {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(OWNER_ROLE_NUMBERS, value);
}

export function roleNumber(role: OwnerRole): number {
  return OWNER_ROLE_NUMBERS[role];
}

export function roleByNumber(value: number): OwnerRole | undefined {
  return OWNER_ROLES.find((role) => OWNER_ROLE_NUMBERS[role] === value);
}

/**
 * Parses a role list from input: role names or their numbers, at least one, no unknown ones.
 * Returns the roles deduplicated in the SPEC's order, or null when the list is not acceptable.
 */
export function parseOwnerRoles(raw: unknown): OwnerRole[] | null {
  if (!Array.isArray(raw) || raw.length === 0) return null;
  const roles = new Set<OwnerRole>();
  for (const item of raw) {
    const role = typeof item === 'number' ? roleByNumber(item) : isOwnerRole(item) ? item : undefined;
    if (!role) return null;
    roles.add(role);
  }
  return OWNER_ROLES.filter((role) => roles.has(role));
}
