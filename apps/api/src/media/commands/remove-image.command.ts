import type { CommandContext } from '@storefront/eventstore';

export class RemoveImageCommand {
  constructor(readonly context: CommandContext, readonly imageId: string) {}
}
