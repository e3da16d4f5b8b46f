import { accept, reject, type Decider, type DomainEvent } from '@storefront/domain';

/**
 * A tiny aggregate for event store tests: each Increment appends one event that also records
 * the count the decider saw (`n`), so tests can check decisions were made on the latest state.
 */
export type CounterCommand = { by: number };
export type CounterState = { total: number; count: number };
export type CounterEvent = DomainEvent<'Incremented', { by: number; n: number }>;

export const counterDecider: Decider<CounterCommand, CounterState, CounterEvent> = {
  initialState: () => ({ total: 0, count: 0 }),
  evolve: (state, event) =>
    event.type === 'Incremented' ? { total: state.total + event.data.by, count: state.count + 1 } : state,
  decide: (command, state) => {
    if (command.by < 0) return reject({ code: 'negative', message: 'Cannot increment by a negative amount' });
    if (command.by === 0) return accept();
    return accept({ type: 'Incremented', data: { by: command.by, n: state.count + 1 } });
  },
};
