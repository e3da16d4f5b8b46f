import type { FormDefinition } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

/** The owner's edit of a form (PUT /api/config/forms/:id), based on the version of `If-Match` when sent. */
export class ChangeFormCommand {
  constructor(
    readonly context: CommandContext,
    readonly definition: FormDefinition,
    readonly expectedVersion?: number,
  ) {}
}
