import type { WorkflowState } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

/**
 * publish: Published now (or at a past `publishOn`), Scheduled for a future one; unpublish: back to
 * Draft; set: any publish state with its time.
 */
export type WorkflowRequest =
  | { mode: 'publish'; publishOn: number | null }
  | { mode: 'unpublish' }
  | { mode: 'set'; workflowState: WorkflowState; publishOn: number | null };

/** POST /api/site/items/{id}/publish and /unpublish, PUT /api/site/items/{id}/workflow: the item's publish state. */
export class ChangeItemWorkflowCommand {
  constructor(readonly context: CommandContext, readonly itemId: string, readonly request: WorkflowRequest, readonly expectedVersion?: number) {}
}
