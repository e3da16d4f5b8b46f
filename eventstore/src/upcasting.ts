import type { EventUpcaster, VersionedEvent } from '@storefront/domain';

/**
 * The upcasters of a store, indexed by stored type and version. `upcast` applies them in a chain
 * until none matches; an event with no upcaster for its type (nearly all) costs one Map lookup.
 */
export class EventUpcasters {
  private readonly byType = new Map<string, Map<number, EventUpcaster>>();

  constructor(upcasters: readonly EventUpcaster[]) {
    for (const u of upcasters) {
      let versions = this.byType.get(u.type);
      if (!versions) this.byType.set(u.type, (versions = new Map()));
      if (versions.has(u.fromVersion)) throw new Error(`Two upcasters for ${u.type} version ${u.fromVersion}`);
      versions.set(u.fromVersion, u);
    }
  }

  /**
   * The current shape of a stored event: the same object when no upcaster applies. An upcaster
   * keeps the type (readers filter by stored type) and raises the version, else this throws.
   */
  upcast<T extends VersionedEvent>(event: T): T {
    const versions = this.byType.get(event.type);
    if (!versions) return event;
    let current: VersionedEvent = event;
    for (let upcaster = versions.get(current.schemaVersion); upcaster; upcaster = versions.get(current.schemaVersion)) {
      const next = upcaster.upcast(current);
      if (next.type !== current.type || !(next.schemaVersion > current.schemaVersion)) {
        throw new Error(`Upcaster of ${current.type} v${current.schemaVersion} must keep the type and raise the version (gave ${next.type} v${next.schemaVersion})`);
      }
      current = next;
    }
    if (current === event) return event;
    return { ...event, schemaVersion: current.schemaVersion, data: current.data };
  }
}
