import type { OwnerRole } from './roles';
import type { OwnerAccountState } from './state';

/** What the API shows about an owner: never the password hash. */
export type OwnerSummary = { id: string; email: string; roles: OwnerRole[]; registeredAt: string };

export function ownerSummary(state: OwnerAccountState): OwnerSummary | null {
  if (state.status !== 'registered') return null;
  return { id: state.ownerId, email: state.email, roles: state.roles, registeredAt: state.registeredAt };
}
