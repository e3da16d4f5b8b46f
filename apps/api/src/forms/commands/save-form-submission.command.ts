import type { SaveFormSubmissionRequest } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

/**
 * A visitor's submission (POST /api/form/SaveFormSubmission), once the controller has checked the
 * visitor's rate limit, parsed the body and checked the single-use key (`submissionId` is the key's).
 */
export class SaveFormSubmissionCommand {
  constructor(
    readonly context: CommandContext,
    readonly submissionId: string,
    readonly visitorId: string,
    readonly request: SaveFormSubmissionRequest,
  ) {}
}
