import { randomUUID } from 'node:crypto';
import type { EventStore, RecordedEvent } from '@storefront/eventstore';

/** Appends `count` events of `type` to a stream (one append, one transaction). */
export async function appendTestEvents(store: EventStore, streamId: string, count: number, type = 'Counted'): Promise<RecordedEvent[]> {
  const result = await store.append(
    streamId,
    Array.from({ length: count }, (_, i) => ({ type, data: { n: i } })),
    {
      streamType: 'test',
      expectedVersion: 'any',
      command: { commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'system', id: 'test' } },
    },
  );
  if (result.status !== 'appended') throw new Error('duplicate append');
  return result.events;
}

/** Resolves when `check` returns true, polling every `intervalMs`; rejects after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000, intervalMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
