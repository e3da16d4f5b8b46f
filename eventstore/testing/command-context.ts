import { randomUUID } from 'node:crypto';
import type { CommandContext } from '../src/types';

/** A CommandContext with a fresh command id (system actor unless overridden). */
export function testCommandContext(overrides: Partial<CommandContext> = {}): CommandContext {
  const commandId = overrides.commandId ?? randomUUID();
  return {
    commandId,
    correlationId: commandId,
    causationId: null,
    actor: { kind: 'system', id: 'test' },
    ...overrides,
  };
}
