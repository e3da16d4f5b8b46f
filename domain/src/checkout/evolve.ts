import type { OrderEvent } from './events';
import type { OrderState } from './state';

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderPlaced':
      if (state.status !== 'none') return state;
      return { status: 'PENDING', order: event.data, fulfilledAt: null, cancelledAt: null, cancelReason: null };
    case 'OrderFulfilled':
      if (state.status !== 'PENDING') return state;
      return { ...state, status: 'FULFILLED', fulfilledAt: event.data.fulfilledAt };
    case 'OrderCancelled':
      if (state.status !== 'PENDING') return state;
      return { ...state, status: 'CANCELED', cancelledAt: event.data.cancelledAt, cancelReason: event.data.reason };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
