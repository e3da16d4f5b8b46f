import type { Decider, DomainError } from '../shared/decider';
import type { ProductCommand } from './commands';
import { decideProduct } from './decide';
import type { ProductEvent } from './events';
import { evolveProduct } from './evolve';
import { initialProductState, type ProductState } from './state';

export const productDecider: Decider<ProductCommand, ProductState, ProductEvent, DomainError> = {
  initialState: initialProductState,
  evolve: evolveProduct,
  decide: decideProduct,
};
