import type { CommandContext } from '@storefront/eventstore';
import { createHash } from 'node:crypto';

/**
 * One owner request may append to several streams (store → product → inventory). Each append gets
 * its own command id derived from the request's, so an `Idempotency-Key` retry replays every step
 * instead of appending twice, and the steps stay distinguishable in the commands table.
 */
export function stepContext(context: CommandContext, step: string): CommandContext {
  return { ...context, commandId: derivedUuid(context.commandId, step), causationId: context.commandId };
}

/** A stable UUID (version-5 layout) for a name under a parent id. */
export function derivedUuid(parent: string, name: string): string {
  const h = createHash('sha1').update(`${parent}:${name}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
