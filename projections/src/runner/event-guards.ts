import type { RecordedEvent } from '@storefront/eventstore';

/**
 * Thrown by a projection for an event it will never be able to apply (its data is malformed or
 * abusive). The runner parks the event at once, without retries (see `classifyError`).
 */
export class UnprocessableEventError extends Error {
  readonly name = 'UnprocessableEventError';
}

/**
 * Whether a JSON value nests deeper than `maxDepth` levels of objects and arrays (a scalar is
 * depth 0, `{}` and `[]` depth 1, `{ a: {} }` depth 2). Iterative, so it
 * cannot overflow the stack itself, and it stops at the first path that goes too deep.
 */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop() as { value: unknown; depth: number };
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}

/**
 * Refuses an event whose data nests deeper than `maxDepth`. Serialising such data again (a jsonb
 * parameter, JSON.stringify) overflows the stack somewhere past ~4,000 levels, at a depth that
 * depends on the call path and the stack size: the live projection, a rebuild and verify would
 * not agree on which events fail. A fixed limit makes the refusal the same everywhere.
 */
export function refuseDeepEventData(event: RecordedEvent, maxDepth: number): void {
  if (nestsDeeperThan(event.data, maxDepth)) {
    throw new UnprocessableEventError(`event data nests deeper than ${maxDepth} levels`);
  }
}
