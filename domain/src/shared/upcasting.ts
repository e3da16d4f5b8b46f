/**
 * Upcasting: an event stored in an older schema version is turned into the current shape when it
 * is read, so `evolve`, projections and readers only ever see current shapes. Stored events are
 * never rewritten (they are immutable). The event store applies the registry (`EVENT_UPCASTERS`)
 * to every event it reads.
 */

/** An event as stored, or as an upcaster returns it. */
export type VersionedEvent = { type: string; schemaVersion: number; data: unknown };

/**
 * Turns version `fromVersion` of event `type` into a newer shape of the same type (a higher
 * `schemaVersion`; type names are a stored contract and readers filter on them, so never
 * renamed). Upcasters chain (v1 → v2 → v3) until none applies. Pure, and total over what was
 * ever stored under that type and version.
 */
export type EventUpcaster = {
  type: string;
  fromVersion: number;
  upcast: (event: VersionedEvent) => VersionedEvent;
};
