import { Inject, Injectable } from '@nestjs/common';
import {
  domainError, INVENTORY_STREAM_TYPE, inventoryDecider, inventoryStreamId, ORDER_STREAM_TYPE, orderDecider, orderStreamId,
  type DomainError, type InventoryCommand, type InventoryEvent, type InventoryState, type OrderCommand, type OrderEvent, type OrderState, type StockClaim,
} from '@storefront/domain';
import { foldEvents, type CommandContext, type EventStore } from '@storefront/eventstore';
import { randomUUID } from 'node:crypto';
import { CommandExecutor } from '../infrastructure/command-executor';
import { EVENT_STORE } from '../infrastructure/database/tokens';
import { DomainException } from '../infrastructure/http/domain-exception';

/**
 * A step of checkout as its own command. Its id is fresh on purpose: a reservation, a release, the
 * order and the cart's closing are each idempotent in the domain (by order id), and a replayed
 * command id would answer "reserved" for stock a failed earlier attempt has already given back.
 */
export function checkoutStep(context: CommandContext): CommandContext {
  // Minted here, so no earlier append can have it: the command's idempotency lookup is skipped.
  return { ...context, commandId: randomUUID(), causationId: context.commandId, commandIdIsNew: true };
}

/**
 * Conflict retries on an inventory stream. A hot item's stream is written by every process that
 * checks it out (in one process, commands on a stream queue up instead); handleCommand's jittered
 * backoff (up to 50 ms) over this many attempts rides out a crowd of API processes, where the
 * default 5 ran out under two processes (a 500). What still runs out answers CHECKOUT_BUSY (409).
 */
export const INVENTORY_CONFLICT_RETRIES = 30;

/** Runs order and inventory commands for checkout; a rejection leaves as a DomainException. */
@Injectable()
export class OrderStreams {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly executor: CommandExecutor,
  ) {}

  async load(orderId: string): Promise<OrderState> {
    return foldEvents<OrderState, OrderEvent>(orderDecider, orderDecider.initialState(), await this.store.readStream(orderStreamId(orderId)));
  }

  /**
   * The order as this process last knew it, checked against the stream's version (one small
   * query; the stream is read only when another process wrote it since). Checkout's answer reads
   * the order it has just placed this way.
   */
  current(orderId: string): Promise<OrderState> {
    return this.executor.peek<OrderState, OrderEvent>(orderDecider, orderStreamId(orderId));
  }

  /**
   * The order this process has just placed, as it placed it: from this process's cache with no
   * round trip (checkout's answer: read-your-writes), else `current`.
   */
  async justPlaced(orderId: string): Promise<OrderState> {
    return this.executor.peekCached<OrderState>(orderDecider, [orderStreamId(orderId)])?.[0] ?? this.current(orderId);
  }

  async run(orderId: string, command: OrderCommand, context: CommandContext): Promise<OrderState> {
    const result = await this.executor.execute({
      streamId: orderStreamId(orderId), streamType: ORDER_STREAM_TYPE, decider: orderDecider, command, context: checkoutStep(context),
    });
    if (!result.ok) throw new DomainException(result.error);
    return result.state;
  }

  /** Gives back whatever the order holds of these variants (a no-op for claims it does not hold), all at once. */
  async release(orderId: string, claims: StockClaim[], context: CommandContext, now: string): Promise<void> {
    await Promise.all(
      claims.map((claim) =>
        this.inventory(claim, { type: 'ReleaseStockReservation', data: { productId: claim.productId, sku: claim.sku, orderId, now } }, checkoutStep(context)),
      ),
    );
  }

  /**
   * A look before checkout takes payment: the first claim the stock cannot cover now, as the
   * INSUFFICIENT_STOCK error checkout answers, or null. Reservation still decides.
   * When this process knows every line's stock and it covers them, that is the answer, with no
   * round trip (another process may have sold it meanwhile: then the reservation refuses and the
   * payment is voided); a shortfall, or a line it does not know, is looked up in the store.
   */
  async stockProblem(claims: StockClaim[]): Promise<DomainError | null> {
    const streamIds = claims.map((c) => inventoryStreamId(c.productId, c.sku));
    const known = this.executor.peekCached<InventoryState>(inventoryDecider, streamIds);
    if (known && shortfall(claims, known) === null) return null;
    return shortfall(claims, await this.executor.peekMany<InventoryState, InventoryEvent>(inventoryDecider, streamIds));
  }

  private async inventory(claim: StockClaim, command: InventoryCommand, context: CommandContext): Promise<void> {
    const result = await this.executor.execute({
      streamId: inventoryStreamId(claim.productId, claim.sku), streamType: INVENTORY_STREAM_TYPE, decider: inventoryDecider, command, context,
      maxRetries: INVENTORY_CONFLICT_RETRIES,
    });
    if (!result.ok) throw new DomainException(result.error);
  }
}

/** The first claim these stock states cannot cover, as INSUFFICIENT_STOCK, or null. */
function shortfall(claims: StockClaim[], states: InventoryState[]): DomainError | null {
  for (const [i, claim] of claims.entries()) {
    const state = states[i]!;
    if (!state.unlimited && claim.quantity > state.qtyInStock) {
      return domainError('INSUFFICIENT_STOCK', { available: state.qtyInStock, itemId: claim.productId, sku: claim.sku });
    }
  }
  return null;
}
