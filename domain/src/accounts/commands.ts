/**
 * Owner account commands. Ids, time and the password hash arrive on the command: the API
 * checks the password policy (`checkNewPassword`) and hashes before it decides.
 * `email` and `roles` come as the request gave them (typed by `RegisterOwnerRequest`); decide
 * validates them: a valid address, known roles.
 */
export type RegisterOwnerAccount = {
  type: 'RegisterOwnerAccount';
  data: { ownerId: string; email: string; passwordHash: string; roles: readonly (string | number)[]; now: string };
};

export type ChangeOwnerPassword = {
  type: 'ChangeOwnerPassword';
  data: { passwordHash: string; now: string };
};

export type ChangeOwnerRoles = {
  type: 'ChangeOwnerRoles';
  data: { roles: readonly (string | number)[]; now: string };
};

export type OwnerAccountCommand = RegisterOwnerAccount | ChangeOwnerPassword | ChangeOwnerRoles;
