import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../app/api';
import { useGetSiteSummaryQuery } from '../../shell/session-api';
import { Alert, Loading, PageHeader } from '../../ui/page-header';
import { dateTime, itemCount, money, orderLabel, STATUS_LABELS } from './order-format';
import { useListOrdersQuery, useOrderCountsQuery, type OrderStatus } from './orders-api';
import { StatusBadge, SubscriptionMark, subscriptionPlanText, TestModeMark } from './status-badge';
import './orders.css';

const PAGE_SIZE = 25;
const FILTERS: (OrderStatus | null)[] = [null, 'PENDING', 'FULFILLED', 'CANCELED'];
/** The search waits this long after the last keystroke before asking the server. */
const SEARCH_DELAY_MS = 300;

function statusOf(raw: string | null): OrderStatus | null {
  return raw === 'PENDING' || raw === 'FULFILLED' || raw === 'CANCELED' ? raw : null;
}

/**
 * /config/orders: the store's orders, newest first, filtered by status and searched by the buyer's
 * email or the order number; the filter and search live in the address (?status=&q=), so Back and
 * a reload keep them.
 */
export function OrdersList() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const q = params.get('q') ?? '';
  const counts = useOrderCountsQuery();

  const setFilter = (next: { status?: OrderStatus | null; q?: string }) => {
    const updated = new URLSearchParams(params);
    if (next.status !== undefined) {
      if (next.status) updated.set('status', next.status);
      else updated.delete('status');
    }
    if (next.q !== undefined) {
      if (next.q.trim()) updated.set('q', next.q);
      else updated.delete('q');
    }
    setParams(updated, { replace: next.status === undefined });
  };

  return (
    <>
      <PageHeader title="Orders" subtitle="Orders placed in your store. Fulfil them once they are on their way, or cancel them." />
      <div className="orders-toolbar">
        <div className="orders-filters" role="group" aria-label="Show orders">
          {FILTERS.map((f) => {
            const count = f && counts.data ? counts.data[f] : null;
            return (
              <button key={f ?? 'ALL'} type="button" className="orders-filter" aria-pressed={status === f} onClick={() => setFilter({ status: f })}>
                {f ? STATUS_LABELS[f] : 'All'}
                {count !== null && <span className="orders-filter-count">{count}</span>}
              </button>
            );
          })}
        </div>
        <SearchBox initial={q} onSearch={(text) => setFilter({ q: text })} />
      </div>
      {/* A new filter starts again from the first page. */}
      <OrdersTable key={`${status ?? ''}|${q}`} status={status} q={q} />
    </>
  );
}

function SearchBox({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const id = useId();
  const [text, setText] = useState(initial);
  useEffect(() => {
    if (text === initial) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, initial, onSearch]);
  return (
    <form
      role="search"
      className="orders-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text);
      }}
    >
      <label htmlFor={id} className="ow-label">
        Search orders
      </label>
      <input id={id} className="ow-input" type="search" value={text} placeholder="Email or order number" autoComplete="off" onChange={(e) => setText(e.target.value)} />
    </form>
  );
}

function OrdersTable({ status, q }: { status: OrderStatus | null; q: string }) {
  // One entry per page shown: the first page, then each "Show more" with the cursor the page before gave.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const first = useListOrdersQuery({ status: status ?? undefined, q, limit: PAGE_SIZE });
  const { data: site } = useGetSiteSummaryQuery();
  const timeZone = site?.website.timeZone;

  if (first.isLoading) return <Loading what="orders" />;
  if (first.isError || !first.data) return <Alert>{errorMessage(first.error, 'Unable to load orders. Please reload the page and try again.')}</Alert>;
  if (first.data.orders.length === 0) return <EmptyState status={status} q={q} />;

  return (
    <div className="orders-table-wrap">
      <table className="ow-table orders-table">
        <caption className="orders-visually-hidden">{status ? `${STATUS_LABELS[status]} orders` : 'All orders'}{q ? `, matching “${q}”` : ''}</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Date</th>
            <th scope="col">Customer</th>
            <th scope="col">Status</th>
            <th scope="col" className="ow-num">
              Total
            </th>
          </tr>
        </thead>
        {cursors.map((cursor, i) => (
          <OrdersPage
            key={cursor ?? 'first'}
            args={{ status: status ?? undefined, q, limit: PAGE_SIZE, cursor }}
            timeZone={timeZone}
            isLast={i === cursors.length - 1}
            onMore={(next) => setCursors((list) => [...list, next])}
          />
        ))}
      </table>
    </div>
  );
}

type PageProps = {
  args: { status?: OrderStatus; q: string; limit: number; cursor: string | null };
  timeZone?: string;
  isLast: boolean;
  onMore: (cursor: string) => void;
};

/** One page of rows (its own tbody), and under the last one the "Show more orders" row when there are more. */
function OrdersPage({ args, timeZone, isLast, onMore }: PageProps) {
  // The first page is the table's own query (same arguments, same cache entry).
  const page = useListOrdersQuery(args.cursor ? args : { status: args.status, q: args.q, limit: args.limit });
  if (page.isLoading) {
    return (
      <tbody>
        <tr>
          <td colSpan={5}>
            <Loading what="more orders" />
          </td>
        </tr>
      </tbody>
    );
  }
  if (page.isError || !page.data) {
    return (
      <tbody>
        <tr>
          <td colSpan={5}>
            <Alert>{errorMessage(page.error, 'Unable to load more orders. Please try again.')}</Alert>
          </td>
        </tr>
      </tbody>
    );
  }
  const { orders, nextPageCursor } = page.data;
  return (
    <tbody>
      {orders.map((order) => (
        <tr key={order.id}>
          <td data-label="Order">
            <span>
              <Link to={`/orders/${order.id}`} className="orders-number">
                {orderLabel(order)}
              </Link>
              {order.testMode && <TestModeMark />}
              <SubscriptionMark order={order} />
            </span>
          </td>
          <td data-label="Date">{dateTime(order.createdOn, timeZone)}</td>
          <td data-label="Customer">
            <span className="orders-customer">
              <span>{order.customerEmail}</span>
              <span className="ow-hint">{[itemCount(order), subscriptionPlanText(order)].filter(Boolean).join(' · ')}</span>
            </span>
          </td>
          <td data-label="Status">
            <StatusBadge status={order.fulfillmentStatus} />
          </td>
          <td data-label="Total" className="ow-num">
            {money(order.grandTotal)}
          </td>
        </tr>
      ))}
      {isLast && nextPageCursor && (
        <tr className="orders-more">
          <td colSpan={5}>
            <button type="button" className="ow-button" onClick={() => onMore(nextPageCursor)}>
              Show more orders
            </button>
          </td>
        </tr>
      )}
    </tbody>
  );
}

function EmptyState({ status, q }: { status: OrderStatus | null; q: string }) {
  if (q.trim()) {
    return (
      <div className="ow-panel-box orders-empty" role="status">
        <h2>No orders match “{q.trim()}”</h2>
        <p>Search by the customer’s email (or part of it) or by the order number, such as 1001.</p>
      </div>
    );
  }
  if (status) {
    return (
      <div className="ow-panel-box orders-empty" role="status">
        <h2>No {STATUS_LABELS[status].toLowerCase()} orders</h2>
        <p>
          <Link to="/orders">Show all orders</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="ow-panel-box orders-empty" role="status">
      <h2>No orders yet</h2>
      <p>When customers check out in your store, their orders appear here, newest first.</p>
    </div>
  );
}
