import type { OwnerRole } from './roles';

/** An email nobody registered has no fields to misuse. */
export type OwnerAccountState =
  | { status: 'unregistered' }
  | {
      status: 'registered';
      ownerId: string;
      email: string;
      passwordHash: string;
      roles: OwnerRole[];
      registeredAt: string;
    };

export const initialOwnerAccountState = (): OwnerAccountState => ({ status: 'unregistered' });
