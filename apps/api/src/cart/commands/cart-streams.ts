import { Inject, Injectable } from '@nestjs/common';
import { cartDecider, CART_STREAM_TYPE, domainError, cartStreamId, shoppingCartView, type CartCommand, type CartEvent, type CartState, type ShoppingCartView } from '@storefront/domain';
import { foldEvents, type CommandContext, type EventStore, type RecordedEvent } from '@storefront/eventstore';
import { CommandExecutor } from '../../infrastructure/command-executor';
import { EVENT_STORE } from '../../infrastructure/database/tokens';
import { DomainException } from '../../infrastructure/http/domain-exception';

export type CartCommandOutcome = {
  state: CartState;
  shoppingCart: ShoppingCartView;
  /** The events this command appended (for a retried command: the ones its first run appended). */
  events: CartEvent[];
};

/** Runs cart commands on a cart's stream and reads carts back from it (the write side). */
@Injectable()
export class CartStreams {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly executor: CommandExecutor,
  ) {}

  /** The cart as its stream says now (for looking up an entry before deciding). */
  async load(cartId: string): Promise<CartState> {
    return (await this.loadWithVersion(cartId)).state;
  }

  /** The cart and the stream version it reflects (checkout prices an order from exactly this). */
  async loadWithVersion(cartId: string): Promise<{ state: CartState; version: number }> {
    const events = await this.store.readStream(cartStreamId(cartId));
    const state = foldEvents<CartState, CartEvent>(cartDecider, cartDecider.initialState(), events);
    return { state, version: events.length === 0 ? 0 : events[events.length - 1]!.streamPosition };
  }

  /**
   * Decides and appends; returns the cart computed from the stream it appended to (read-your-writes).
   * `newStream`: the cart id was minted for this command, so there is no stream to read yet.
   */
  async run(cartId: string, command: CartCommand, context: CommandContext, options: { newStream?: boolean } = {}): Promise<CartCommandOutcome> {
    const streamId = cartStreamId(cartId);
    const result = await this.executor.execute({ streamId, streamType: CART_STREAM_TYPE, decider: cartDecider, command, context, newStream: options.newStream });
    if (!result.ok) throw new DomainException(result.error);
    const shoppingCart = shoppingCartView(result.state);
    if (!shoppingCart) throw new DomainException(domainError('SESSION_EXPIRED', { reason: 'CART_UNKNOWN' }));
    const recorded: RecordedEvent[] = result.duplicate
      ? (await this.store.readStream(streamId, { toVersion: result.version })).filter((e) => e.metadata.commandId === context.commandId)
      : result.events;
    const events = recorded.map((e) => ({ type: e.type, data: e.data }) as CartEvent);
    return { state: result.state, shoppingCart, events };
  }
}
