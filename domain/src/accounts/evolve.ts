import type { OwnerAccountEvent } from './events';
import type { OwnerAccountState } from './state';

/** Total: an event that does not apply to the state leaves it unchanged, so replay never fails. */
export function evolveOwnerAccount(state: OwnerAccountState, event: OwnerAccountEvent): OwnerAccountState {
  switch (event.type) {
    case 'OwnerAccountRegistered': {
      if (state.status !== 'unregistered') return state;
      const { ownerId, email, passwordHash, roles, registeredAt } = event.data;
      return { status: 'registered', ownerId, email, passwordHash, roles, registeredAt };
    }
    case 'OwnerPasswordChanged':
      if (state.status !== 'registered') return state;
      return { ...state, passwordHash: event.data.passwordHash };
    case 'OwnerRolesChanged':
      if (state.status !== 'registered') return state;
      return { ...state, roles: event.data.roles };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
