import type { OwnerRole } from './roles';

/**
 * Owner account events. Type names are a stored contract: never rename them; version and upcast instead.
 * `passwordHash` is the self-describing hash string from the API's password hasher, never a password.
 */
export type OwnerAccountRegistered = {
  type: 'OwnerAccountRegistered';
  data: { ownerId: string; email: string; passwordHash: string; roles: OwnerRole[]; registeredAt: string };
};

export type OwnerPasswordChanged = {
  type: 'OwnerPasswordChanged';
  data: { ownerId: string; passwordHash: string; changedAt: string };
};

export type OwnerRolesChanged = {
  type: 'OwnerRolesChanged';
  data: { ownerId: string; roles: OwnerRole[]; changedAt: string };
};

export type OwnerAccountEvent = OwnerAccountRegistered | OwnerPasswordChanged | OwnerRolesChanged;

export const OWNER_ACCOUNT_EVENT_TYPES: OwnerAccountEvent['type'][] = ['OwnerAccountRegistered', 'OwnerPasswordChanged', 'OwnerRolesChanged'];

export const OWNER_ACCOUNT_STREAM_TYPE = 'owner-account';

/**
 * One stream per (lowercased) email: sign-in reads exactly one stream, and appending the
 * registration with expected version 'no_stream' keeps an email unique under concurrency.
 */
export const ownerAccountStreamId = (email: string) => `owner-account-${email.trim().toLowerCase()}`;
