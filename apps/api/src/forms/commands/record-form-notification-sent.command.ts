import type { CommandContext } from '@storefront/eventstore';

/** The notification worker's record that the owner's mail of a submission is in the mail outbox. */
export class RecordFormNotificationSentCommand {
  constructor(
    readonly context: CommandContext,
    readonly submissionId: string,
    readonly to: string[],
  ) {}
}
