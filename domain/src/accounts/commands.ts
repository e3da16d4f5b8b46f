/**
 * Owner account commands. Ids, time and the password hash arrive on the command: the API
 * checks the password policy (`checkNewPassword`) and hashes before it decides.
 * `email` and `roles` are raw input; decide validates them.
 */
export type RegisterOwnerAccount = {
  type: 'RegisterOwnerAccount';
  data: { ownerId: string; email: unknown; passwordHash: string; roles: unknown; now: string };
};

export type ChangeOwnerPassword = {
  type: 'ChangeOwnerPassword';
  data: { passwordHash: string; now: string };
};

export type ChangeOwnerRoles = {
  type: 'ChangeOwnerRoles';
  data: { roles: unknown; now: string };
};

export type OwnerAccountCommand = RegisterOwnerAccount | ChangeOwnerPassword | ChangeOwnerRoles;
