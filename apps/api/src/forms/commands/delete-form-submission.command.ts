import type { CommandContext } from '@storefront/eventstore';

/** The owner deletes one submission of a form (an event on the submission's stream; the read model hides it). */
export class DeleteFormSubmissionCommand {
  constructor(
    readonly context: CommandContext,
    readonly formId: string,
    readonly submissionId: string,
  ) {}
}
