import { subscriptionCartDecider, subscriptionCartStreamId, type SubscriptionCartEvent, type SubscriptionCartState } from '@storefront/domain';
import { foldEvents, type EventStore } from '@storefront/eventstore';

/** A subscription cart as its stream says now, and the stream version that reflects (checkout prices its order from exactly this). */
export async function loadSubscriptionCart(store: EventStore, cartToken: string): Promise<{ state: SubscriptionCartState; version: number }> {
  const events = await store.readStream(subscriptionCartStreamId(cartToken));
  const state = foldEvents<SubscriptionCartState, SubscriptionCartEvent>(subscriptionCartDecider, subscriptionCartDecider.initialState(), events);
  return { state, version: events.length === 0 ? 0 : events[events.length - 1]!.streamPosition };
}
