import { accept, reject, type Decision, type DomainError } from '../shared/decider';
import type { ChangeOwnerPassword, ChangeOwnerRoles, OwnerAccountCommand, RegisterOwnerAccount } from './commands';
import { isValidEmail, normalizeEmail } from './email';
import { accountError } from './errors';
import type { OwnerAccountEvent } from './events';
import { parseOwnerRoles } from './roles';
import type { OwnerAccountState } from './state';

export function decideOwnerAccount(command: OwnerAccountCommand, state: OwnerAccountState): Decision<OwnerAccountEvent, DomainError> {
  switch (command.type) {
    case 'RegisterOwnerAccount':
      return register(command, state);
    case 'ChangeOwnerPassword':
      return changePassword(command, state);
    case 'ChangeOwnerRoles':
      return changeRoles(command, state);
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled owner account command ${String((unhandled as { type: string }).type)}`);
    }
  }
}

function register(command: RegisterOwnerAccount, state: OwnerAccountState): Decision<OwnerAccountEvent, DomainError> {
  const { ownerId, passwordHash, now } = command.data;
  const email = normalizeEmail(command.data.email);
  if (!isValidEmail(email)) return reject(accountError('INVALID_EMAIL'));
  const roles = parseOwnerRoles(command.data.roles);
  if (!roles) return reject(accountError('INVALID_ROLES'));
  if (state.status === 'registered') return reject(accountError('OWNER_ALREADY_EXISTS'));
  return accept({ type: 'OwnerAccountRegistered', data: { ownerId, email, passwordHash, roles, registeredAt: now } });
}

function changePassword(command: ChangeOwnerPassword, state: OwnerAccountState): Decision<OwnerAccountEvent, DomainError> {
  if (state.status !== 'registered') return reject(accountError('OWNER_NOT_FOUND'));
  const { passwordHash, now } = command.data;
  return accept({ type: 'OwnerPasswordChanged', data: { ownerId: state.ownerId, passwordHash, changedAt: now } });
}

function changeRoles(command: ChangeOwnerRoles, state: OwnerAccountState): Decision<OwnerAccountEvent, DomainError> {
  if (state.status !== 'registered') return reject(accountError('OWNER_NOT_FOUND'));
  const roles = parseOwnerRoles(command.data.roles);
  if (!roles) return reject(accountError('INVALID_ROLES'));
  // Same roles again: nothing happened, so nothing is recorded.
  if (roles.length === state.roles.length && roles.every((role) => state.roles.includes(role))) return accept();
  return accept({ type: 'OwnerRolesChanged', data: { ownerId: state.ownerId, roles, changedAt: command.data.now } });
}
