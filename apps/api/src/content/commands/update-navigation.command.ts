import type { CommandContext } from '@storefront/eventstore';

/** SPEC 7 POST /api/widget/UpdateNavigation { fieldName, templateId, navigation: { items } }. */
export class UpdateNavigationCommand {
  constructor(readonly context: CommandContext, readonly body: unknown) {}
}
