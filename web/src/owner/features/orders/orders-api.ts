import type { OrderStatus } from '@storefront/domain/checkout/state';
import type { OwnerOrderView } from '@storefront/domain/checkout/order-view';
import { ownerApi } from '../../app/api';

export type { OrderStatus, OwnerOrderView };

/** GET /api/commerce/orders: one page of the list, newest first. */
export type OrderListPage = { orders: OwnerOrderView[]; hasNextPage: boolean; nextPageCursor: string | null };
export type OrderListArgs = { status?: OrderStatus; q?: string; cursor?: string | null; limit?: number };
export type OrderCounts = Record<OrderStatus, number>;

/** How often the panel's count of new orders asks again (ms): new orders arrive from the storefront, not from here. */
export const ORDER_COUNT_POLL_MS = 60_000;
/**
 * The list and counts come from a read model that follows the order streams a moment behind: after
 * a fulfilment or cancellation the caches are corrected at once from the answer, then asked again
 * after this long to reconcile.
 */
const RECHECK_AFTER_MS = 1_500;

const LIST = { type: 'Order', id: 'LIST' } as const;
const COUNTS = { type: 'Order', id: 'COUNTS' } as const;

function listQuery({ status, q, cursor, limit }: OrderListArgs): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (q && q.trim() !== '') params.set('q', q.trim());
  if (cursor) params.set('cursor', cursor);
  if (limit) params.set('limit', String(limit));
  const query = params.toString();
  return `commerce/orders${query ? `?${query}` : ''}`;
}

export const ordersApi = ownerApi.injectEndpoints({
  endpoints: (build) => ({
    listOrders: build.query<OrderListPage, OrderListArgs>({
      query: listQuery,
      providesTags: (page) => [LIST, ...(page?.orders ?? []).map((o) => ({ type: 'Order' as const, id: o.id }))],
    }),
    getOrder: build.query<OwnerOrderView, string>({
      query: (id) => `commerce/orders/${encodeURIComponent(id)}`,
      providesTags: (_order, _error, id) => [{ type: 'Order', id }],
    }),
    orderCounts: build.query<OrderCounts, void>({
      query: () => 'commerce/order-counts',
      transformResponse: (answer: { counts: OrderCounts }) => answer.counts,
      providesTags: [COUNTS],
    }),
    fulfilOrder: build.mutation<OwnerOrderView, string>({
      query: (id) => ({ url: `commerce/orders/${encodeURIComponent(id)}/fulfilment`, method: 'POST' }),
      onQueryStarted: (_id, api) => applyChange(api),
    }),
    cancelOrder: build.mutation<OwnerOrderView, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `commerce/orders/${encodeURIComponent(id)}/cancellation`, method: 'POST', body: reason.trim() === '' ? {} : { reason: reason.trim() } }),
      onQueryStarted: (_args, api) => applyChange(api),
    }),
  }),
});

type MutationApi = {
  dispatch: (action: unknown) => unknown;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: OwnerOrderView }>;
};

/**
 * After a status change: the order's own cache takes the answer, every cached list page shows the
 * new status (or drops the order from a filter it left), the counts move, and both are asked again
 * a moment later, once the read model has caught up.
 */
async function applyChange({ dispatch, getState, queryFulfilled }: MutationApi): Promise<void> {
  let order: OwnerOrderView;
  try {
    order = (await queryFulfilled).data;
  } catch {
    return; // The screen shows the error; nothing changed.
  }
  const { util } = ordersApi;
  const state = getState() as Parameters<typeof util.selectInvalidatedBy>[0];
  let before: OrderStatus | null = ordersApi.endpoints.getOrder.select(order.id)(state).data?.fulfillmentStatus ?? null;
  dispatch(util.upsertQueryData('getOrder', order.id, order));
  for (const entry of util.selectInvalidatedBy(state, [LIST])) {
    if (entry.endpointName !== 'listOrders') continue;
    const args = entry.originalArgs as OrderListArgs;
    dispatch(
      util.updateQueryData('listOrders', args, (page) => {
        const at = page.orders.findIndex((o) => o.id === order.id);
        if (at === -1) return;
        before ??= page.orders[at]!.fulfillmentStatus;
        if (args.status && args.status !== order.fulfillmentStatus) page.orders.splice(at, 1);
        else page.orders[at] = { ...order, orderNumber: order.orderNumber ?? page.orders[at]!.orderNumber };
      }),
    );
  }
  const from: OrderStatus = before ?? 'PENDING';
  if (from !== order.fulfillmentStatus) {
    dispatch(
      util.updateQueryData('orderCounts', undefined, (counts) => {
        counts[from] = Math.max(0, counts[from] - 1);
        counts[order.fulfillmentStatus] += 1;
      }),
    );
  }
  setTimeout(() => dispatch(util.invalidateTags([LIST, COUNTS])), RECHECK_AFTER_MS);
}

export const { useListOrdersQuery, useGetOrderQuery, useOrderCountsQuery, useFulfilOrderMutation, useCancelOrderMutation } = ordersApi;
