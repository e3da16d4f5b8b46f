import type { UpdateNavigationRequest } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

/** SPEC 7 POST /api/widget/UpdateNavigation { fieldName, templateId, navigation: { items } }. */
export class UpdateNavigationCommand {
  constructor(readonly context: CommandContext, readonly navigation: UpdateNavigationRequest, readonly expectedVersion?: number) {}
}
