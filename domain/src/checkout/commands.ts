import type { OrderPlaced } from './events';

/** Records an order checkout has reserved stock and taken payment for. Placing it again is a no-op. */
export type PlaceOrder = { type: 'PlaceOrder'; data: OrderPlaced['data'] };
export type FulfilOrder = { type: 'FulfilOrder'; data: { orderId: string; now: string } };
export type CancelOrder = { type: 'CancelOrder'; data: { orderId: string; reason: string; now: string } };

export type OrderCommand = PlaceOrder | FulfilOrder | CancelOrder;
