import type { OrderCancelled, OrderPlaced } from '@storefront/domain';
import type { RecordedEvent, SqlExecutor } from '@storefront/eventstore';
import type { Projection } from '../runner/projection';
import { insertRows } from '../runner/sql-batch';
import { quoteIdent } from '../runner/sql-identifier';

/**
 * Read model `also_bought` (the cart page's 'Customers also bought', SPEC 2): which products each
 * standing order holds, one row per (order, product). An order's rows are written when it is
 * placed and removed when it is cancelled (a cancelled order was not bought after all); fulfilment
 * changes nothing.
 *
 * Replay-safe by construction: a row is the fact "this order holds this product", written with
 * ON CONFLICT DO NOTHING and removed by its order's id, so applying an event again, or rebuilding
 * from the start of the log in any batches, ends with exactly the same rows (`verify` compares
 * them). Nothing is counted up or down in place.
 *
 * Readers ask `readAlsoBought`: the products bought in the same orders as the given ones, by how
 * many orders bought them together.
 */
export const ALSO_BOUGHT = 'also_bought';

const ORDER_STREAM_PREFIX = 'order-';

export const alsoBoughtProjection: Projection = {
  name: 'also-bought',
  version: 1,
  tables: [
    {
      name: ALSO_BOUGHT,
      // The unique constraint is the index for looking up by product.
      columns: 'order_id text not null, item_id text not null, primary key (order_id, item_id), unique (item_id, order_id)',
      orderBy: ['order_id', 'item_id'],
    },
  ],
  eventTypes: ['OrderPlaced', 'OrderCancelled'],
  async apply(events: RecordedEvent[], { tx, table }) {
    // In log order; a run of placements is written in one statement.
    let placed: { order_id: string; item_id: string }[] = [];
    const flush = async () => {
      await insertRows(tx, table(ALSO_BOUGHT), placed, { onConflict: 'nothing' });
      placed = [];
    };
    for (const event of events) {
      if (event.type === 'OrderPlaced') {
        const { orderId, lines } = event.data as OrderPlaced['data'];
        for (const itemId of new Set(lines.map((l) => l.itemId))) placed.push({ order_id: orderId, item_id: itemId });
      } else if (event.type === 'OrderCancelled') {
        await flush();
        const orderId = (event.data as OrderCancelled['data']).orderId ?? event.streamId.slice(ORDER_STREAM_PREFIX.length);
        await tx.query(`DELETE FROM ${quoteIdent(table(ALSO_BOUGHT))} WHERE order_id = $1`, [orderId]);
      }
    }
    await flush();
  },
};

/** How many products `readAlsoBought` answers at most when not told. */
export const ALSO_BOUGHT_LIMIT = 4;

/**
 * The products bought in the same standing orders as any of `itemIds` (never those themselves),
 * most orders first, then by product id: `[{ itemId, orders }]`.
 */
export async function readAlsoBought(db: SqlExecutor, itemIds: string[], limit = ALSO_BOUGHT_LIMIT): Promise<{ itemId: string; orders: number }[]> {
  if (itemIds.length === 0 || limit <= 0) return [];
  const { rows } = await db.query<{ item_id: string; orders: number }>(
    `SELECT other.item_id, count(DISTINCT other.order_id)::int AS orders
       FROM ${ALSO_BOUGHT} mine
       JOIN ${ALSO_BOUGHT} other ON other.order_id = mine.order_id
      WHERE mine.item_id = ANY($1::text[]) AND NOT (other.item_id = ANY($1::text[]))
      GROUP BY other.item_id
      ORDER BY orders DESC, other.item_id
      LIMIT $2`,
    [itemIds, limit],
  );
  return rows.map((r) => ({ itemId: r.item_id, orders: Number(r.orders) }));
}
