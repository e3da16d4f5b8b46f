/**
 * The shape every aggregate in `domain/` follows: pure functions, no I/O, no clock.
 * Time, ids and looked-up facts (prices, stock) arrive on the command.
 */
export type DomainEvent<Type extends string = string, Data = unknown> = {
  type: Type;
  data: Data;
  /** Defaults to 1; bump when the data shape changes and upcast on read. */
  schemaVersion?: number;
};

/** A failed decision: a stable code plus the values the error message needs. */
export type DomainError<Code extends string = string> = {
  code: Code;
  /** Human text, already in the SPEC's wording when the SPEC has one. */
  message: string;
  details?: Record<string, unknown>;
};

export type Decision<E extends DomainEvent, Err extends DomainError = DomainError> =
  | { ok: true; events: E[] }
  | { ok: false; error: Err };

export const accept = <E extends DomainEvent>(...events: E[]): Decision<E, never> => ({ ok: true, events });
export const reject = <Err extends DomainError>(error: Err): Decision<never, Err> => ({ ok: false, error });

export type Decider<Command, State, E extends DomainEvent, Err extends DomainError = DomainError> = {
  initialState: () => State;
  /** Total: an event that does not apply returns the state unchanged. */
  evolve: (state: State, event: E) => State;
  decide: (command: Command, state: State) => Decision<E, Err>;
};
