/**
 * The last state a process computed for a stream, with the version it reflects, so the next
 * command on the stream can decide without reading the stream again. Safe by construction: the
 * append still names that version as its expected version, so if another process wrote in between,
 * the append fails with a ConcurrencyError and the command reloads from the store.
 *
 * One cache serves one decider (states of different deciders never mix); it is bounded and drops
 * the least recently used stream first. States must be immutable values (evolve returns new ones).
 */
export class StreamStateCache<State> {
  private readonly entries = new Map<string, { version: number; state: State }>();

  constructor(private readonly capacity = 10_000) {}

  get(streamId: string): { version: number; state: State } | undefined {
    const entry = this.entries.get(streamId);
    if (entry) {
      // Refresh its place in the LRU order.
      this.entries.delete(streamId);
      this.entries.set(streamId, entry);
    }
    return entry;
  }

  set(streamId: string, version: number, state: State): void {
    this.entries.delete(streamId);
    this.entries.set(streamId, { version, state });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  delete(streamId: string): void {
    this.entries.delete(streamId);
  }

  get size(): number {
    return this.entries.size;
  }
}
