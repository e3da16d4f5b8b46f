import type { CommandContext } from '@storefront/eventstore';

/** POST /api/site/items/{id}/publish and /unpublish, PUT /api/site/items/{id}/workflow: the item's publish state. */
export class ChangeItemWorkflowCommand {
  constructor(readonly context: CommandContext, readonly itemId: string, readonly mode: 'publish' | 'unpublish' | 'set', readonly body: unknown) {}
}
