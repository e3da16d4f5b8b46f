import type { Decider, DomainError } from '../shared/decider';
import type { CartCommand } from './commands';
import { decideCart } from './decide';
import type { CartEvent } from './events';
import { evolveCart } from './evolve';
import { initialCartState, type CartState } from './state';

export const cartDecider: Decider<CartCommand, CartState, CartEvent, DomainError> = {
  initialState: initialCartState,
  evolve: evolveCart,
  decide: decideCart,
};
