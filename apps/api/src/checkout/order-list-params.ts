import { domainError, type OrderStatus } from '@storefront/domain';
import { DomainException } from '../infrastructure/http/domain-exception';
import type { OrderCursor, OrderSearch } from './queries/get-order.query';

const STATUSES: readonly OrderStatus[] = ['PENDING', 'FULFILLED', 'CANCELED'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** As long as an email may be (SPEC 9: 3 to 256 characters). */
export const ORDER_SEARCH_MAX_LENGTH = 256;
export const ORDER_PAGE_DEFAULT = 50;
export const ORDER_PAGE_MAX = 200;

const invalid = (field: string, message: string) => new DomainException(domainError('INVALID_REQUEST', { field }, message));

/** Query parameters of GET /api/commerce/orders, as sent. */
export type OrderListParams = { status?: string; limit?: string; before?: string; cursor?: string; q?: string };

export type OrderListOptions = { status?: OrderStatus; limit: number; before?: string; after?: OrderCursor; search?: OrderSearch };

/** The list's options from its query string; a value it cannot use is a 400 naming the parameter. */
export function orderListOptions(params: OrderListParams): OrderListOptions {
  const { status, limit, before, cursor, q } = params;
  if (status !== undefined && !(STATUSES as readonly string[]).includes(status)) throw invalid('status', 'status must be PENDING, FULFILLED or CANCELED.');
  const size = limit === undefined ? ORDER_PAGE_DEFAULT : Number(limit);
  if (!Number.isInteger(size) || size < 1 || size > ORDER_PAGE_MAX) throw invalid('limit', `limit must be a whole number from 1 to ${ORDER_PAGE_MAX}.`);
  if (before !== undefined && (typeof before !== 'string' || Number.isNaN(Date.parse(before)))) throw invalid('before', 'before must be a date.');
  return {
    ...(status !== undefined ? { status: status as OrderStatus } : {}),
    limit: size,
    ...(before !== undefined ? { before } : {}),
    ...(cursor !== undefined ? { after: decodeCursor(cursor) } : {}),
    ...(q !== undefined ? searchOf(q) : {}),
  };
}

/** The cursor the next page starts after: the last order shown (its placing time and id), opaque to clients. */
export function encodeCursor(order: { createdOn: string; id: string }): string {
  return Buffer.from(`${order.createdOn}|${order.id}`).toString('base64url');
}

function decodeCursor(cursor: unknown): OrderCursor {
  const text = typeof cursor === 'string' && cursor.length <= 200 ? Buffer.from(cursor, 'base64url').toString() : '';
  const [placedAt = '', orderId = '', ...rest] = text.split('|');
  if (rest.length > 0 || Number.isNaN(Date.parse(placedAt)) || !UUID.test(orderId)) {
    throw invalid('cursor', 'cursor is not a page of this list: start again from the first page.');
  }
  return { placedAt, orderId };
}

/**
 * `q`: part of the buyer's email (any case), an order number (`1042` or `#1042`), or the start of
 * an order id (at least 4 of its characters). Empty: no search.
 */
function searchOf(q: unknown): { search?: OrderSearch } {
  if (typeof q !== 'string') throw invalid('q', 'q must be text.');
  const text = q.trim().toLowerCase();
  if (text.length > ORDER_SEARCH_MAX_LENGTH) throw invalid('q', `Search for at most ${ORDER_SEARCH_MAX_LENGTH} characters.`);
  if (text === '') return {};
  const digits = /^#?\s*(\d{1,9})$/.exec(text);
  return {
    search: {
      emailContains: text,
      number: digits ? Number(digits[1]) : null,
      idPrefix: /^[0-9a-f-]{4,36}$/.test(text) ? text : null,
    },
  };
}
