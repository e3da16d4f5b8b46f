import type { OrderStatus } from '@storefront/domain';

export class GetOrderQuery {
  constructor(readonly orderId: string) {}
}

/** An order with its number, for store managers. */
export class GetOwnerOrderQuery {
  constructor(readonly orderId: string) {}
}

/** Where the previous page of the order list ended: its last order's placing time and id. */
export type OrderCursor = { placedAt: string; orderId: string };

/**
 * What the owner searched for: text found in the buyer's email, an order number (`1042` or
 * `#1042`), or the start of an order id.
 */
export type OrderSearch = { emailContains: string; number: number | null; idPrefix: string | null };

/**
 * The owner's order list, newest first (placing time, then id, so the order is total and paging by
 * `after` never skips or repeats an order); `before` is the older paging by `createdOn` alone.
 */
export class ListOrdersQuery {
  constructor(
    readonly options: { status?: OrderStatus; limit: number; before?: string; after?: OrderCursor; search?: OrderSearch },
  ) {}
}

/** How many orders the store has in each status (the panel's count of orders waiting to be fulfilled). */
export class CountOrdersQuery {}
