import type { OrderPlaced } from './events';

export type OrderStatus = 'PENDING' | 'FULFILLED' | 'CANCELED';

/** No order yet, or the placed order with where it got to. */
export type OrderState =
  | { status: 'none' }
  | {
      status: OrderStatus;
      order: OrderPlaced['data'];
      fulfilledAt: string | null;
      cancelledAt: string | null;
      cancelReason: string | null;
    };

export const initialOrderState = (): OrderState => ({ status: 'none' });
