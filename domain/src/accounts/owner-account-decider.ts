import type { Decider, DomainError } from '../shared/decider';
import type { OwnerAccountCommand } from './commands';
import { decideOwnerAccount } from './decide';
import type { OwnerAccountEvent } from './events';
import { evolveOwnerAccount } from './evolve';
import { initialOwnerAccountState, type OwnerAccountState } from './state';

export const ownerAccountDecider: Decider<OwnerAccountCommand, OwnerAccountState, OwnerAccountEvent, DomainError> = {
  initialState: initialOwnerAccountState,
  evolve: evolveOwnerAccount,
  decide: decideOwnerAccount,
};
