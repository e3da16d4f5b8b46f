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
  return { ...context, commandId: randomUUID(), causationId: context.commandId };
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

  async run(orderId: string, command: OrderCommand, context: CommandContext): Promise<OrderState> {
    const result = await this.executor.execute({
      streamId: orderStreamId(orderId), streamType: ORDER_STREAM_TYPE, decider: orderDecider, command, context: checkoutStep(context),
    });
    if (!result.ok) throw new DomainException(result.error);
    return result.state;
  }

  /**
   * Reserves an order's stock, claim by claim in the claims' fixed order. Each claim is one append
   * with optimistic concurrency on the variant's own stream: two buyers of a last unit conflict
   * there, one retries, sees no stock and is refused. If any claim is refused, the ones already
   * held are given back before the error leaves.
   */
  /**
   * Reserves every claim (one per variant, so each on its own inventory stream) at once rather than
   * one after another: a five-line cart waits for one round of appends, not five. If any claim is
   * refused, what the others took is given back and the first refusal is answered.
   */
  async reserve(orderId: string, claims: StockClaim[], context: CommandContext, now: string): Promise<void> {
    const outcomes = await Promise.allSettled(
      claims.map((claim) => this.inventory(claim, { type: 'ReserveStock', data: { ...claim, orderId, now } }, checkoutStep(context))),
    );
    const refused = outcomes.findIndex((o) => o.status === 'rejected');
    if (refused === -1) return;
    await this.release(orderId, claims.filter((_, i) => outcomes[i]!.status === 'fulfilled'), context, now);
    const error = (outcomes[refused] as PromiseRejectedResult).reason as unknown;
    if (error instanceof DomainException && error.error.code === 'INSUFFICIENT_STOCK') {
      const claim = claims[refused]!;
      throw new DomainException({ ...error.error, details: { ...error.error.details, itemId: claim.productId, sku: claim.sku } });
    }
    throw error;
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
   */
  async stockProblem(claims: StockClaim[]): Promise<DomainError | null> {
    for (const claim of claims) {
      const state = await this.executor.peek<InventoryState, InventoryEvent>(inventoryDecider, inventoryStreamId(claim.productId, claim.sku));
      if (!state.unlimited && claim.quantity > state.qtyInStock) {
        return domainError('INSUFFICIENT_STOCK', { available: state.qtyInStock, itemId: claim.productId, sku: claim.sku });
      }
    }
    return null;
  }

  private async inventory(claim: StockClaim, command: InventoryCommand, context: CommandContext): Promise<void> {
    const result = await this.executor.execute({
      streamId: inventoryStreamId(claim.productId, claim.sku), streamType: INVENTORY_STREAM_TYPE, decider: inventoryDecider, command, context,
      maxRetries: INVENTORY_CONFLICT_RETRIES,
    });
    if (!result.ok) throw new DomainException(result.error);
  }
}
