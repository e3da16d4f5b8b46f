import type { FormDefinition } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

/** The owner's new form (POST /api/config/forms): the definition parsed and sanitized by the controller. */
export class CreateFormCommand {
  constructor(
    readonly context: CommandContext,
    readonly definition: FormDefinition,
  ) {}
}
